import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EidLoginButton } from '#src/app/routes/eid-login-button.tsx';
import { useBrand } from '#src/brands/brand-context.tsx';
import { acceptCoApplicantInvite } from '#src/features/my-page/api/co-applicant-invite.ts';
import { effectiveToken, useAuthStore } from '#src/session/auth-store.ts';
import { ApiError } from '#src/shared/api/http.ts';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// The co-applicant's landing page (issue 13 item 8, ADR 0038): `<personal page>/invite#invite=<token>`.
// The token arrives in the fragment (never sent to a server) and is kept in sessionStorage, so it survives
// the e-ID login's round trip to the identity provider, which comes back to this page without it. Signed
// in, the co-applicant reads what they consent to, ticks the box and confirms; the API checks that they
// are the co-applicant on the application, records their consent and uses the invite up. Then their own
// personal page.

const STORAGE_KEY = 'nordloan.coApplicantInvite';

function takeInviteToken(): string | null {
  const fromFragment = /(?:^#|&)invite=([A-Za-z0-9_-]{43})(?:&|$)/.exec(window.location.hash)?.[1];
  if (fromFragment) {
    sessionStorage.setItem(STORAGE_KEY, fromFragment);
    // Out of the address bar and history: a shared screenshot or bookmark does not carry the token.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return fromFragment;
  }
  return sessionStorage.getItem(STORAGE_KEY);
}

type Failure = 'wrongPerson' | 'expired' | 'acceptFailed' | null;

function failureOf(error: unknown): Failure {
  if (error instanceof ApiError && error.status === 403) return 'wrongPerson';
  if (error instanceof ApiError && error.status === 401) return 'expired';
  return 'acceptFailed';
}

export function CoApplicantInvitePage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useAuthStore(effectiveToken);
  const isAuthenticating = useAuthStore((state) => state.isAuthenticating);
  const [inviteToken] = useState(takeInviteToken);
  const [agreed, setAgreed] = useState(false);
  const [missingConsent, setMissingConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const titleId = useId();
  const consentId = useId();
  const title = t('offers.invite.landingTitle');
  useDocumentTitle(title, brand.name);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!agreed) {
      setMissingConsent(true);
      return;
    }
    if (!inviteToken) return;
    setBusy(true);
    setFailure(null);
    try {
      await acceptCoApplicantInvite(inviteToken, token);
      sessionStorage.removeItem(STORAGE_KEY);
      await queryClient.invalidateQueries({ queryKey: ['applications'] });
      navigate(brand.paths.myPage, { state: { coApplicantAccepted: true } });
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article aria-labelledby={titleId} data-page-kind="co-applicant-invite">
      <h1 id={titleId}>{title}</h1>
      <p>{t('offers.invite.landingLead')}</p>
      {!inviteToken ? (
        <p className="error-text" role="alert">
          {t('offers.invite.landingNoInvite')}
        </p>
      ) : isAuthenticating ? (
        <p role="status">{t('common.loading')}</p>
      ) : !token ? (
        <div className="login-stack">
          <EidLoginButton />
        </div>
      ) : (
        <form className="panel" onSubmit={confirm} noValidate data-testid="co-applicant-consent">
          <h2>{t('offers.invite.consentTitle')}</h2>
          <ul>
            {(['data', 'registers', 'lenders', 'contact'] as const).map((item) => (
              <li key={item}>{t(`offers.invite.consentItems.${item}`)}</li>
            ))}
          </ul>
          <p className="checkbox">
            <input
              id={consentId}
              type="checkbox"
              name="consent"
              checked={agreed}
              aria-invalid={missingConsent && !agreed}
              onChange={(event) => {
                setAgreed(event.target.checked);
                setMissingConsent(false);
              }}
            />{' '}
            <label htmlFor={consentId}>{t('offers.invite.consentCheckbox')}</label>
          </p>
          {missingConsent && !agreed && (
            <p className="error-text" role="alert">
              {t('offers.invite.consentRequired')}
            </p>
          )}
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('offers.invite.confirming') : t('offers.invite.confirm')}
          </button>
          {failure && (
            <p className="error-text" role="alert">
              {t(`offers.invite.${failure}`)}
            </p>
          )}
        </form>
      )}
    </article>
  );
}
