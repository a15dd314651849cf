import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { EidLoginButton } from '#src/app/routes/eid-login-button.tsx';
import { useBrand } from '#src/brands/brand-context.tsx';
import { BrandLogo } from '#src/brands/brand-logo.tsx';
import { brandPages, myPageHref } from '#src/brands/brand-pages.ts';
import { useAuthStore } from '#src/session/auth-store.ts';
import { IntermediaryRegistration } from '#src/shared/compliance/intermediary-registration.tsx';

/** A link to a path on the brand's main host (from the separate personal-page host it leaves the host). */
export function mainHostHref(path: string, isMyPageHost: boolean): string {
  if (!isMyPageHost) return path;
  return `${window.location.protocol}//${window.location.host.replace(/^mine\./, '')}${path}`;
}

function SiteHeader() {
  const { t } = useTranslation();
  const { brand, isMyPageHost } = useBrand();
  const applyPages = brandPages(brand, 'main').filter(
    (page) => page.kind !== 'my-page' && page.purpose !== 'oneFormApply',
  );
  const myPage = myPageHref(brand, window.location);
  const myPageIsHere = !myPage.includes('//') || isMyPageHost;
  const token = useAuthStore((state) => state.token);
  // Issue 38: on a phone the menu is one button (it took 270 px above the page); CSS shows the list itself
  // from 48rem up, where the button is hidden. It is open for the page it was opened on only: moving to
  // another page closes it.
  const { pathname } = useLocation();
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  // One header per page: a fixed id, the same in the prerendered HTML and after hydration.
  const menuId = 'site-menu';
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__home" aria-label={`${brand.name} – ${t('common.home')}`}>
          <BrandLogo />
        </Link>
        <nav className="site-nav" aria-label={t('common.mainMenu')}>
          <button
            type="button"
            className="site-nav__toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            data-testid="menu-toggle"
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            <span className="site-nav__toggle-icon" aria-hidden="true" />
            {t('common.mainMenu')}
          </button>
          <ul id={menuId} className={menuOpen ? 'site-nav__list site-nav__list--open' : 'site-nav__list'}>
            {applyPages.map((page) => (
              <li key={page.path}>
                {isMyPageHost ? (
                  <a href={mainHostHref(page.path, true)}>{t(`purposes.${page.purpose}`)}</a>
                ) : (
                  <NavLink to={page.path}>{t(`purposes.${page.purpose}`)}</NavLink>
                )}
              </li>
            ))}
            <li>
              {myPageIsHere ? (
                <NavLink to={brand.paths.myPage}>{t('purposes.myPage')}</NavLink>
              ) : (
                <a href={myPage}>{t('purposes.myPage')}</a>
              )}
            </li>
            {!myPageIsHere && !token && (
              // The personal page is on its own host: log in here and land signed in there (ADR 0029).
              <li>
                <EidLoginButton variant="header" returnTo={myPage} />
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function SiteFooter() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="container site-footer__grid">
        <div>
          <h2>{brand.organisation.name}</h2>
          <p>
            {t('footer.organisationNumber')} {brand.organisation.number}
          </p>
          <p className="muted">{t('footer.brokerNotice', { name: brand.name })}</p>
          <IntermediaryRegistration />
        </div>
        <div>
          <h2>{t('footer.contact')}</h2>
          <address>
            <p>
              {t('footer.phone')}:{' '}
              <a href={`tel:${brand.contact.phone.replace(/\s/g, '')}`}>{brand.contact.phone}</a>
            </p>
            <p>
              {t('footer.email')}: <a href={`mailto:${brand.contact.email}`}>{brand.contact.email}</a>
            </p>
          </address>
        </div>
      </div>
    </footer>
  );
}

export function SiteLayout() {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <div className="container">
          <Outlet />
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
