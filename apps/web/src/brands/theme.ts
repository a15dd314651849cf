import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { themeVariables } from '@nordloan/domain/brands/theme-variables';

export { type ThemeVariables, themeVariables } from '@nordloan/domain/brands/theme-variables';

// Brand theme → CSS custom properties on <html> (the values the server's HTML shell already starts with).
// Set through the CSSOM (style.setProperty), which the strict Content-Security-Policy allows, unlike inline
// style attributes or unhashed <style> blocks.

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
