import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { Navigate, type RouteObject } from 'react-router';
import { NotFoundFallback, RouteErrorPage } from '#src/app/error-pages.tsx';
import { ApplyPage } from '#src/app/routes/apply-page.tsx';
import { HomePage } from '#src/app/routes/home-page.tsx';
import { InsurancePage } from '#src/app/routes/insurance-page.tsx';
import { MyPage } from '#src/app/routes/my-page.tsx';
import { SiteLayout } from '#src/app/site-layout.tsx';
import { type BrandPage, brandPages } from '#src/brands/brand-pages.ts';

function PageFor({ page }: { page: BrandPage }) {
  switch (page.kind) {
    case 'apply':
      return <ApplyPage key={page.path} page={page} />;
    case 'insurance':
      return <InsurancePage page={page} />;
    case 'my-page':
      return <MyPage key={page.path} page={page} />;
  }
}

/**
 * The brand's route table: its front page, every path of its path style (§2, brands.md), and the 404
 * fallback. The error element sits inside the layout, so an error page keeps the brand's header and footer.
 */
export function brandRoutes(brand: BrandConfig, isMyPageHost: boolean): RouteObject[] {
  const pages = brandPages(brand, isMyPageHost ? 'myPage' : 'main');
  return [
    {
      path: '/',
      element: <SiteLayout />,
      children: [
        {
          errorElement: <RouteErrorPage />,
          children: [
            {
              index: true,
              // The separate personal-page host has no front page of its own.
              element: isMyPageHost ? <Navigate to={brand.paths.myPage} replace /> : <HomePage />,
            },
            ...pages.map((page) => ({ path: page.path, element: <PageFor page={page} /> })),
            { path: '*', element: <NotFoundFallback /> },
          ],
        },
      ],
    },
  ];
}
