import type { BrandPaths } from './brand-config.schema.ts';

// §2 "Apply and personal-page paths by country": the path styles (brands.md). Every brand serves every path
// of its style; "variation" brands drop the paths of products they do not sell. Where §2 leaves a path
// open (a personal page's path on a separate host, the Finland brand group's personal page) the choice is
// ours and says so. The registry (registry.ts) picks one style per brand.

/** Norway main brand, shared with several others with variations. */
export const norwayMainPaths: BrandPaths = {
  applyUnsecured: '/soknad/forbrukslan',
  applySecured: '/soknad/lan-med-sikkerhet',
  applyInsurance: '/soknad/forsikring',
  preCheck: '/soknad/forhandssjekk',
  oneFormApply: '/soknad/lan',
  myPage: '/mine-tilbud',
  myPageUnsecured: '/mine-tilbud/forbrukslan',
  myPageCreditCard: '/mine-tilbud/kredittkort',
  myPageSecured: '/mine-tilbud/lan-med-sikkerhet',
  myPageHost: 'same',
};

/** Variation brands drop a product together with its paths (brands.md). */
export const withoutInsurance = ({ applyInsurance: _dropped, ...paths }: BrandPaths): BrandPaths => paths;
export const withoutOneForm = ({
  preCheck: _dropped,
  oneFormApply: _alsoDropped,
  ...paths
}: BrandPaths): BrandPaths => paths;

/** Norway, comparison-style brand. */
export const norwayComparePaths: BrandPaths = {
  applyUnsecured: '/lane-penger/forbrukslan/lanesoknad',
  applyInsurance: '/soknad/forsikring',
  myPage: '/mine-soknader',
  myPageUnsecured: '/mine-soknader/forbrukslan',
  myPageHost: 'same',
};

export const swedenPaths: BrandPaths = {
  applyUnsecured: '/soknad/forbrukslan',
  applyInsurance: '/soknad/forsakring',
  myPage: '/mina-sidor',
  myPageHost: 'same',
};

/** Sweden, comparison-style brand. */
export const swedenComparePaths: BrandPaths = {
  applyUnsecured: '/lana-pengar/privatlan/laneansokan',
  applyInsurance: '/ansokan/forsakring',
  myPage: '/mina-sidor/privatlan',
  myPageHost: 'same',
};

/** Finland: personal page on a separate host (mine.<domain>); the path there is ours ("omat sivut"). */
export const finlandPaths: BrandPaths = {
  applyUnsecured: '/hae/kulutusluotto',
  applyInsurance: '/hae/matsurvaraus',
  myPage: '/omat-sivut',
  myPageHost: 'separate',
};

/** Finland, comparison-style brand. */
export const finlandComparePaths: BrandPaths = {
  applyUnsecured: '/lainaa-rahaa/yksityislaina/lainahakemus',
  myPage: '/hakemukseni/yksityislaina',
  myPageHost: 'same',
};

/** Finland brand group (/loans/apply); its personal page /mypage is our choice (Denmark's). */
export const finlandGroupPaths: BrandPaths = {
  applyUnsecured: '/loans/apply',
  myPage: '/mypage',
  myPageHost: 'same',
};

export const denmarkPaths: BrandPaths = {
  applyUnsecured: '/loans/apply',
  myPage: '/mypage',
  myPageHost: 'same',
};
