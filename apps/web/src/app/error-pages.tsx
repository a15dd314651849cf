import {
  clientExceptionTitle,
  errorPageTitle,
  errorPageTitles,
  fallbackStatuses,
  unexpectedErrorTitle,
} from '@nordloan/domain/errors';
import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '#src/shared/tracking/error-tracking.ts';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';
import './error-pages.css';

// §2 error pages. The generic titles are the spec's own English words (so they carry lang="en"); the
// explanation and the way out are in the brand's language. The 401 and 403 fallbacks have no fixed
// title in the spec and are translated throughout.

type DescribedStatus = keyof typeof errorPageTitles;
const describedStatuses = Object.keys(errorPageTitles).map(Number) as DescribedStatus[];

function HomeLink() {
  const { t } = useTranslation();
  return (
    <a className="button" href="/">
      {t('errors.backHome')}
    </a>
  );
}

export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const known = describedStatuses.includes(status as DescribedStatus);
  return (
    <section className="error-page" aria-labelledby="error-title" data-status={status}>
      <span className="error-page__code" aria-hidden="true">
        {status}
      </span>
      <h1 id="error-title" lang="en">
        {errorPageTitle(status)}
      </h1>
      <p>{t(known ? `errors.description.${status as DescribedStatus}` : 'errors.description.unexpected')}</p>
      <p className="muted">{t('errors.statusCode', { status })}</p>
      <HomeLink />
    </section>
  );
}

/** §2 "An unexpected error has occurred". */
export function UnexpectedErrorPage() {
  const { t } = useTranslation();
  return (
    <section className="error-page" aria-labelledby="error-title" data-status="unexpected">
      <h1 id="error-title" lang="en">
        {unexpectedErrorTitle}
      </h1>
      <p>{t('errors.description.unexpected')}</p>
      <HomeLink />
    </section>
  );
}

/** §2 "Application error: a client-side exception has occurred" (the error boundary's page). */
export function ClientExceptionPage() {
  const { t } = useTranslation();
  return (
    <section className="error-page" aria-labelledby="error-title" data-status="client-exception">
      <h1 id="error-title" lang="en">
        {clientExceptionTitle}
      </h1>
      <p>{t('errors.description.clientException')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
      <HomeLink />
    </section>
  );
}

/** §2 unauthorized fallback (401). `children` is the way in (the login). */
export function UnauthorizedFallback({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section
      className="error-page"
      aria-labelledby="unauthorized-title"
      data-status={fallbackStatuses.unauthorized}
    >
      <h1 id="unauthorized-title">{t('errors.unauthorizedTitle')}</h1>
      <p>{t('errors.unauthorized')}</p>
      {children}
    </section>
  );
}

/** §2 forbidden fallback (403). */
export function ForbiddenFallback() {
  const { t } = useTranslation();
  return (
    <section
      className="error-page"
      aria-labelledby="forbidden-title"
      data-status={fallbackStatuses.forbidden}
    >
      <span className="error-page__code" aria-hidden="true">
        {fallbackStatuses.forbidden}
      </span>
      <h1 id="forbidden-title">{t('errors.forbiddenTitle')}</h1>
      <p>{t('errors.forbidden')}</p>
      <HomeLink />
    </section>
  );
}

/** §2 not-found fallback (404). */
export function NotFoundFallback() {
  return <ErrorPage status={fallbackStatuses.notFound} />;
}

function reportUnhandled(error: unknown) {
  reportError(error);
  trackFlowEvent('unhandled-error', { message: error instanceof Error ? error.message : String(error) });
}

/** The router's error element: statuses get their page, anything thrown by code the client-exception page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const isResponse = isRouteErrorResponse(error);
  useEffect(() => {
    if (!isResponse) reportUnhandled(error);
  }, [error, isResponse]);
  if (isResponse) {
    if (error.status === fallbackStatuses.unauthorized) return <UnauthorizedFallback />;
    if (error.status === fallbackStatuses.forbidden) return <ForbiddenFallback />;
    return <ErrorPage status={error.status} />;
  }
  return <ClientExceptionPage />;
}

/** Catches what escapes the router (and the providers' own children). */
export class AppErrorBoundary extends Component<
  { children: ReactNode; fallback?: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    reportUnhandled(error);
  }

  override render() {
    if (this.state.failed) return this.props.fallback ?? <ClientExceptionPage />;
    return this.props.children;
  }
}

/** Last resort when even the brand and language could not be set up: the spec's English title alone. */
export function BareClientExceptionPage() {
  return (
    <main className="container error-page" lang="en">
      <h1>{clientExceptionTitle}</h1>
    </main>
  );
}
