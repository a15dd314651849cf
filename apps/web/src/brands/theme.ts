import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';

// Brand theme → CSS custom properties on <html>. Set through the CSSOM (style.setProperty), which a
// strict Content-Security-Policy allows, unlike inline <style> blocks.

export type ThemeVariables = Record<`--${string}`, string>;

const fontStacks: Record<BrandConfig['theme']['fontFamily'], string> = {
  Inter: "'Inter', system-ui, sans-serif",
  'Source Sans 3': "'Source Sans 3', system-ui, sans-serif",
  Merriweather: "'Merriweather', Georgia, serif",
  Nunito: "'Nunito', system-ui, sans-serif",
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

/** Applies the brand to the document: theme variables, language, theme colour and data attributes. */
export function applyBrandToDocument(brand: BrandConfig, doc: Document = document): void {
  const root = doc.documentElement;
  for (const [name, value] of Object.entries(themeVariables(brand.theme)))
    root.style.setProperty(name, value);
  root.lang = brand.i18n.defaultLocale;
  root.dataset.brand = brand.brand;
  root.dataset.theme = brand.theme.name;
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'theme-color';
    doc.head.append(meta);
  }
  meta.content = brand.theme.primary;
}
