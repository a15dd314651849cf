import type { Product } from '@nordloan/domain/enums';
import { useTranslation } from 'react-i18next';
import { applyProductsFor } from '#src/app/routes/apply-bounds.ts';
import { useSessionSync } from '#src/app/use-session-sync.ts';
import { useBrand } from '#src/brands/brand-context.tsx';
import type { BrandPage } from '#src/brands/brand-pages.ts';
import { ApplyJourney } from '#src/features/apply/components/apply-journey.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// An apply page of the brand's path style (§2): the apply journey for the page's product(s), with the §4
// "applying" sync of the session layer running for it.

export function ApplyPage({ page }: { page: BrandPage }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const products: Product[] = applyProductsFor(brand, page);
  const title = t(`purposes.${page.purpose}`);
  useDocumentTitle(title, brand.name);
  useSessionSync({ view: 'applying', product: products[0] ?? null });
  const lead =
    page.purpose === 'preCheck'
      ? t('apply.preCheckLead')
      : page.purpose === 'oneFormApply'
        ? t('apply.oneFormLead')
        : t('apply.lead');
  // The one-form pages (pre-check and apply) ask the pre-check on the loan step (ADR 0028).
  const withPreCheck = page.purpose === 'preCheck' || page.purpose === 'oneFormApply';
  return <ApplyJourney products={products} title={title} lead={lead} withPreCheck={withPreCheck} />;
}
