// Local font files only (@fontsource, bundled into dist/assets by Vite); nothing is fetched from a font
// service. Each weight's file of a family declares every subset with its unicode-range, so the browser
// downloads a subset only when the page has a character in it: Latin for every brand, Latin Extended
// (Finnish š ž) only where such a letter shows. The per-subset files (latin-400.css …) have no
// unicode-range, which made the browser fetch Latin and Latin Extended for every page (issue 12).
import '@fontsource/inter/400.css';
import '@fontsource/inter/700.css';
import '@fontsource/source-sans-3/400.css';
import '@fontsource/source-sans-3/700.css';
import '@fontsource/merriweather/400.css';
import '@fontsource/merriweather/700.css';
import '@fontsource/nunito/400.css';
import '@fontsource/nunito/700.css';
