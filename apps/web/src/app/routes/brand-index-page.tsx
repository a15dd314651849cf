import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { brandPages } from '#src/brands/brand-pages.ts';
import './brand-index.css';

// Plain localhost (architecture.md): an index of all 15 brands with links to `<id>.localhost`. It is a
// developer page, not a brand's page, so it is in English and carries no brand theme. The brands' configurations
// are each a chunk of their own (build/brand-modules.ts, ADR 0086): main.tsx loads them all for this page.

const countryNames = { NO: 'Norway', SE: 'Sweden', FI: 'Finland', DK: 'Denmark' } as const;

export function brandHostUrl(id: string, location: { protocol: string; port: string }): string {
  return `${location.protocol}//${id}.localhost${location.port ? `:${location.port}` : ''}/`;
}

export function BrandIndexPage({
  brands,
  location = window.location,
}: {
  /** Every brand, in the registry's order. */
  brands: readonly BrandConfig[];
  location?: { protocol: string; port: string };
}) {
  const countries = ['NO', 'SE', 'FI', 'DK'] as const;
  return (
    <main id="main" className="container brand-index" lang="en">
      <h1>nordloan — brands</h1>
      <p className="lead">
        Every brand answers at{' '}
        <code>http://&lt;brand&gt;.localhost{location.port ? `:${location.port}` : ''}</code>. Start
        parameters are ignored and no login is attempted on this plain local host.
      </p>
      {countries.map((country) => (
        <section key={country} aria-labelledby={`country-${country}`}>
          <h2 id={`country-${country}`}>{countryNames[country]}</h2>
          <ul className="card-grid" data-testid="brand-index">
            {brands
              .filter((brand) => brand.country === country)
              .map((brand) => {
                const id = brand.brand;
                const apply = brandPages(brand, 'main').find((page) => page.purpose === 'applyUnsecured');
                return (
                  <li key={id}>
                    <a className="card card--link" href={brandHostUrl(id, location)} data-brand={id}>
                      <span className="card__title">
                        <span
                          className="brand-index__swatch"
                          aria-hidden="true"
                          style={{ background: brand.theme.primary }}
                        />
                        {brand.name}
                      </span>
                      <span className="card__meta">
                        {id} · {brand.i18n.defaultLocale} · {brand.currency}
                        {apply ? ` · ${apply.path}` : ''}
                      </span>
                    </a>
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
    </main>
  );
}
