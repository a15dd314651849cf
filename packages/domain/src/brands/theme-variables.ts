import type { BrandConfig } from './brand-config.schema.ts';

// A brand's theme as CSS custom properties. One definition for both sides: the server writes them into the
// brand's HTML shell (so the first paint is the brand's, issue 12) and the web app sets the same values on
// <html> when it starts.

export type ThemeVariables = Record<`--${string}`, string>;

export const fontStacks: Record<BrandConfig['theme']['fontFamily'], string> = {
  Inter: "'Inter', system-ui, sans-serif",
  'Source Sans 3': "'Source Sans 3', system-ui, sans-serif",
  Merriweather: "'Merriweather', Georgia, serif",
  Nunito: "'Nunito', system-ui, sans-serif",
};

/** The @fontsource package (and built file name prefix) of each brand font. */
export const fontFileSlugs: Record<BrandConfig['theme']['fontFamily'], string> = {
  Inter: 'inter',
  'Source Sans 3': 'source-sans-3',
  Merriweather: 'merriweather',
  Nunito: 'nunito',
};

export function themeVariables(theme: BrandConfig['theme']): ThemeVariables {
  return {
    '--color-primary': theme.primary,
    '--color-primary-contrast': theme.primaryContrast,
    '--color-accent': theme.accent,
    '--color-background': theme.background,
    '--color-surface': theme.surface,
    '--color-text': theme.text,
    '--color-muted': theme.muted,
    '--color-danger': theme.danger,
    '--font-family': fontStacks[theme.fontFamily],
  };
}
