import type { BrandConfig, BrandPathPurpose } from '@nordloan/domain/brands/brand-config.schema';
import type { Product } from '@nordloan/domain/enums';

// Which page each path of the brand's path style shows (§2, brands.md). The route table is built from the
// brand config, so a brand serves exactly its own paths.

export type PageKind = 'apply' | 'insurance' | 'my-page';

export interface BrandPage {
  path: string;
  purpose: BrandPathPurpose;
  kind: PageKind;
  /** The product of the page; none for the one-form apply (the applicant chooses) and the overview. */
  product: Product | null;
  /** §2 data view of the page: applying for apply pages; overview or results on the personal page. */
  view: 'applying' | 'overview' | 'results' | null;
}

const purposeSpecs: Record<BrandPathPurpose, Omit<BrandPage, 'path' | 'purpose'>> = {
  applyUnsecured: { kind: 'apply', product: 'UnsecuredLoan', view: 'applying' },
  applySecured: { kind: 'apply', product: 'SecuredLoan', view: 'applying' },
  applyInsurance: { kind: 'insurance', product: null, view: null },
  // The one-form pre-check is where a discovery loan starts (docs/decisions/0002).
  preCheck: { kind: 'apply', product: 'DiscoveryLoan', view: 'applying' },
  oneFormApply: { kind: 'apply', product: null, view: 'applying' },
  myPage: { kind: 'my-page', product: null, view: 'overview' },
  myPageUnsecured: { kind: 'my-page', product: 'UnsecuredLoan', view: 'results' },
  myPageCreditCard: { kind: 'my-page', product: 'CreditCard', view: 'results' },
  myPageSecured: { kind: 'my-page', product: 'SecuredLoan', view: 'results' },
};

const purposeOrder = Object.keys(purposeSpecs) as BrandPathPurpose[];
const myPagePurposes = new Set<BrandPathPurpose>([
  'myPage',
  'myPageUnsecured',
  'myPageCreditCard',
  'myPageSecured',
]);

/**
 * The pages served on this host. With the personal page on a separate host (`mine.<domain>`), the main
 * host serves the apply pages and the personal-page host serves the personal pages.
 */
export function brandPages(brand: BrandConfig, host: 'main' | 'myPage' = 'main'): BrandPage[] {
  const separate = brand.paths.myPageHost === 'separate';
  return purposeOrder.flatMap((purpose): BrandPage[] => {
    const path = brand.paths[purpose];
    if (path === undefined) return [];
    const onMyPageHost = separate && myPagePurposes.has(purpose);
    if (separate && (host === 'myPage') !== onMyPageHost) return [];
    return [{ path, purpose, ...purposeSpecs[purpose] }];
  });
}

/** Where the personal page lives: a path on this host, or a URL on the brand's separate host. */
export function myPageHref(brand: BrandConfig, location: { protocol: string; host: string }): string {
  if (brand.paths.myPageHost !== 'separate') return brand.paths.myPage;
  // brands.md: `mine.<domain>` in production, `mine.<id>.localhost` locally, `mine.test.<domain>` in test.
  const host = location.host.startsWith('mine.')
    ? location.host
    : `mine.${location.host.replace(/^www\./, '')}`;
  return `${location.protocol}//${host}${brand.paths.myPage}`;
}

/** The apply page shown first on the brand's front page. */
export function primaryApplyPage(brand: BrandConfig): BrandPage {
  return brandPages(brand, 'main').find((page) => page.purpose === 'applyUnsecured')!;
}
