import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useBrand } from '#src/brands/brand-context.tsx';
import { devLogin } from '#src/features/auth/api/dev-login.ts';

// The development identity provider's login (architecture.md "Identity"): a test national identity
// number in, the same hand-back as a real e-ID out — the page reloads with `#token=…&provider-name=dev`
// (§2/§4), and the session layer reads it at page start like any identity-provider return (ADR 0005).
// The API checks the number's checksum.

/** The identity provider's hand-back URL: this page with the token and provider in the fragment. */
export function identityProviderHandBackUrl(
  location: Pick<Location, 'pathname' | 'search'>,
  token: string,
  providerName: string,
): string {
  const fragment = new URLSearchParams({ token, 'provider-name': providerName }).toString();
  return `${location.pathname}${location.search}#${fragment}`;
}

/** Goes to the hand-back URL; a fragment-only change does not load the page, so it is reloaded. */
function handBack(token: string) {
  window.location.replace(identityProviderHandBackUrl(window.location, token, devProviderName));
  window.location.reload();
}

const devLoginSchema = z.object({ nationalId: z.string().trim().min(6).max(13) });
type DevLoginValues = z.infer<typeof devLoginSchema>;

export const devProviderName = 'dev';

export function DevLoginForm() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const inputId = useId();
  const errorId = useId();
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DevLoginValues>({ resolver: zodResolver(devLoginSchema), defaultValues: { nationalId: '' } });

  const onSubmit = handleSubmit(async ({ nationalId }) => {
    setFailed(false);
    try {
      const answer = await devLogin({ nationalId, country: brand.country, brand: brand.brand });
      if (!answer) throw new Error('no answer');
      handBack(answer.token);
    } catch {
      setFailed(true);
    }
  });

  const showError = failed || !!errors.nationalId;
  return (
    <form className="panel" onSubmit={onSubmit} noValidate data-testid="dev-login">
      <h2>{t('myPage.devLoginTitle')}</h2>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {t('myPage.nationalId')}
        </label>
        <input
          id={inputId}
          className="text-input"
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={showError}
          aria-describedby={showError ? errorId : undefined}
          {...register('nationalId')}
        />
        {showError && (
          <p id={errorId} className="error-text" role="alert">
            {t('myPage.loginFailed')}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? t('myPage.loggingIn') : t('myPage.loginButton')}
      </button>
    </form>
  );
}
