import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import type { Locale } from '@nordloan/domain/enums';
import { approvalOddsPathOf } from '@nordloan/domain/lending/approval-odds-path';
import { Navigate, type RouteObject } from 'react-router';
import { NotFoundFallback, RouteErrorPage } from '#src/app/error-pages.tsx';
import { loadPersonalMessages } from '#src/app/page-messages.ts';
import { SiteLayout } from '#src/app/site-layout.tsx';
import { type BrandPage, brandPages } from '#src/brands/brand-pages.ts';

// Each page is its own chunk, loaded when its route matches (issue 12: the apply page on a phone should not
// download the personal page). The server preloads the chunk of the requested page from the HTML
// (apps/api/src/plugins/web-app.ts names these module paths), so the first load does not wait for the
// entry script before asking for it. The router renders nothing until the matched page's chunk is in, so
// the page appears whole rather than the header and footer first.
// The personal pages (my page, insurance, the invite) also wait for their texts (app/page-messages.ts), fetched
// beside their chunk: the apply page's script carries none of them (issue 40).
async function pageElement(page: BrandPage, locale: Locale) {
  switch (page.kind) {
    case 'apply': {
      const { ApplyPage } = await import('#src/app/routes/apply-page.tsx');
      return { element: <ApplyPage key={page.path} page={page} /> };
    }
    case 'insurance': {
      const [{ InsurancePage }] = await Promise.all([
        import('#src/app/routes/insurance-page.tsx'),
        loadPersonalMessages(locale),
      ]);
      return { element: <InsurancePage page={page} /> };
    }
    case 'my-page': {
      const [{ MyPage }] = await Promise.all([
        import('#src/app/routes/my-page.tsx'),
        loadPersonalMessages(locale),
      ]);
      return { element: <MyPage key={page.path} page={page} /> };
    }
  }
}

async function coApplicantInviteElement(locale: Locale) {
  const [{ CoApplicantInvitePage }] = await Promise.all([
    import('#src/app/routes/co-applicant-invite-page.tsx'),
    loadPersonalMessages(locale),
  ]);
  return { element: <CoApplicantInvitePage /> };
}

async function approvalOddsElement(locale: Locale) {
  // Its texts come with it (in the personal pages' chunk): the apply page carries only the link's.
  const [{ ApprovalOddsPage }] = await Promise.all([
    import('#src/features/approval-odds/approval-odds-page.tsx'),
    loadPersonalMessages(locale),
  ]);
  return { element: <ApprovalOddsPage /> };
}

async function homeElement() {
  const { HomePage } = await import('#src/app/routes/home-page.tsx');
  return { element: <HomePage /> };
}

/** Nothing while the first page's chunk loads (the HTML shell already has the brand's colours). */
function InitialLoad() {
  return null;
}

/**
 * The brand's route table: its front page, every path of its path style (§2, brands.md), and the 404
 * fallback. The error element sits inside the layout, so an error page keeps the brand's header and footer.
 */
export function brandRoutes(brand: BrandConfig, isMyPageHost: boolean): RouteObject[] {
  const pages = brandPages(brand, isMyPageHost ? 'myPage' : 'main');
  const locale = brand.i18n.defaultLocale;
  const oddsPath = approvalOddsPathOf(brand);
  return [
    {
      path: '/',
      element: <SiteLayout />,
      HydrateFallback: InitialLoad,
      children: [
        {
          errorElement: <RouteErrorPage />,
          children: [
            {
              index: true,
              // The separate personal-page host has no front page of its own.
              ...(isMyPageHost
                ? { element: <Navigate to={brand.paths.myPage} replace /> }
                : { lazy: homeElement }),
            },
            ...pages.map((page) => ({ path: page.path, lazy: () => pageElement(page, locale) })),
            // The co-applicant's invite landing page, under the personal page (ADR 0038).
            ...pages
              .filter((page) => page.purpose === 'myPage')
              .map((page) => ({ path: `${page.path}/invite`, lazy: () => coApplicantInviteElement(locale) })),
            // Approval odds before applying (ADR 0074), under the unsecured-loan apply page.
            ...(!isMyPageHost && oddsPath
              ? [{ path: oddsPath, lazy: () => approvalOddsElement(locale) }]
              : []),
            { path: '*', element: <NotFoundFallback /> },
          ],
        },
      ],
    },
  ];
}
