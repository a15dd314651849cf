import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { authStore } from '#src/session/auth-store.ts';
import { eidLoginOutcomeStore, useEidLoginError } from '#src/session/eid-login-outcome.ts';
import { startEidLogin } from '#src/session/start-eid-login.ts';

// "Log in with BankID/MitID/…": starts the e-ID login (OpenID Connect through the API) and leaves for the
// identity provider; the provider's answer comes back to this page with the token in the fragment.

export function EidLoginButton({
  returnTo,
  variant = 'panel',
}: {
  /** Absolute URL to come back to; this page by default. */
  returnTo?: string;
  /** `header`: the site header's compact button (no panel around it). */
  variant?: 'panel' | 'header';
}) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const [state, setState] = useState<'idle' | 'starting' | 'failed'>('idle');
  // A login that came back without a token (ADR 0039): say why; the button is the way to try again.
  const eidError = useEidLoginError();

  const start = async () => {
    setState('starting');
    eidLoginOutcomeStore.getState().setError(null);
    try {
      const authorizationUrl = await startEidLogin({
        country: brand.country,
        brand: brand.brand,
        // Without its own fragment: the hand-back adds the token there.
        returnTo: returnTo ?? `${window.location.origin}${window.location.pathname}${window.location.search}`,
        // A customer who signed up without e-ID is linked to their person at this login.
        token: authStore.getState().token,
      });
      window.location.assign(authorizationUrl);
    } catch {
      setState('failed');
    }
  };

  return (
    <div
      className={variant === 'panel' ? 'panel' : 'site-header__login'}
      data-testid={`eid-login-${variant}`}
    >
      <button
        type="button"
        className={variant === 'panel' ? 'button' : 'button button--secondary'}
        onClick={start}
        disabled={state === 'starting'}
      >
        {state === 'starting' ? t('myPage.loggingIn') : t('myPage.loginButton')}
      </button>
      {eidError && state !== 'failed' && (
        <p className="error-text" role="alert" data-testid="eid-login-error" data-eid-error={eidError}>
          {t(`myPage.eidError.${eidError}`)}
        </p>
      )}
      {state === 'failed' && (
        <p className="error-text" role="alert">
          {t('myPage.loginFailed')}
        </p>
      )}
    </div>
  );
}
