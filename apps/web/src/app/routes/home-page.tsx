import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { amountBoundsFor } from '#src/app/routes/apply-bounds.ts';
import { useBrand } from '#src/brands/brand-context.tsx';
import { type BrandPage, brandPages, myPageHref, primaryApplyPage } from '#src/brands/brand-pages.ts';
import { CreditWarning } from '#src/shared/compliance/credit-warning.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

function PageCard({ page }: { page: BrandPage }) {
  const { t } = useTranslation();
  const { brand, format } = useBrand();
  const bounds = page.product ? amountBoundsFor(brand, page.product) : null;
  return (
    <li>
      <Link className="card card--link" to={page.path} data-purpose={page.purpose}>
        <span className="card__title">{t(`purposes.${page.purpose}`)}</span>
        <span className="card__meta">
          {bounds
            ? t('home.amountRange', {
                min: format.currency(bounds.amount.min),
                max: format.currency(bounds.amount.max),
              })
            : t('common.freeOfCharge')}
        </span>
      </Link>
    </li>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  useDocumentTitle('', brand.name);
  const applyPages = brandPages(brand, 'main').filter((page) => page.kind !== 'my-page');
  const primary = primaryApplyPage(brand);
  const myPage = myPageHref(brand, window.location);
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{t('home.title')}</h1>
        {/* The front page advertises credit (amounts, the apply button): CCD2 art. 8(1), ADR 0064. */}
        <CreditWarning />
        <p className="lead">{t('home.lead')}</p>
        <Link className="button" to={primary.path} data-testid="primary-apply-link">
          {t(`purposes.${primary.purpose}`)}
        </Link>
      </section>
      <section aria-labelledby="choose-title">
        <h2 id="choose-title">{t('home.chooseProduct')}</h2>
        <ul className="card-grid">
          {applyPages.map((page) => (
            <PageCard key={page.path} page={page} />
          ))}
          <li>
            <a className="card card--link" href={myPage} data-purpose="myPage">
              <span className="card__title">{t('purposes.myPage')}</span>
              <span className="card__meta">{t('myPage.loginTitle')}</span>
            </a>
          </li>
        </ul>
      </section>
    </>
  );
}
