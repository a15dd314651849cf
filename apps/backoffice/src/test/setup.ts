import { configure } from '@testing-library/react';

// The test machine is shared and often busy: give findBy*/waitFor more than the default second. Each page
// is a lazy route (issue 40), so the first findBy also waits for the page's module graph to be transformed
// and imported: 10 s, as the web project gives its lazy pages.
configure({ asyncUtilTimeout: 10_000 });
