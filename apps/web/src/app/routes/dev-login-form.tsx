import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { loginWithIdentityProviderToken } from '#src/app/session-bootstrap.ts';
import { useBrand } from '#src/brands/brand-context.tsx';
import { devLogin } from '#src/features/auth/api/dev-login.ts';

// The development identity provider's login (architecture.md "Identity"): a test national identity
// number in, the same idp login as a real e-ID hand-back out. The API checks the number's checksum.

const devLoginSchema = z.object({ nationalId: z.string().trim().min(6).max(13) });
type DevLoginValues = z.infer<typeof devLoginSchema>;

export const devProviderName = 'dev';

export function DevLoginForm() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const queryClient = useQueryClient();
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
      const outcome = await loginWithIdentityProviderToken(queryClient, answer.token, devProviderName);
      if (outcome.status !== 'authenticated') setFailed(true);
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
