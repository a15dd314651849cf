import { useBrand } from '#src/brands/brand-context.tsx';

/** The brand's word mark: its monogram on the accent colour, then its name. */
export function BrandLogo() {
  const { brand } = useBrand();
  return (
    <span className="brand-logo">
      <span className="brand-logo__mark" aria-hidden="true">
        {brand.theme.logoMark}
      </span>
      <span className="brand-logo__text">{brand.theme.logoText}</span>
    </span>
  );
}
