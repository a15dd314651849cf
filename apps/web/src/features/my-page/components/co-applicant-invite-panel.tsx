import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import {
  useCoApplicantInvite,
  useSendCoApplicantInvite,
} from '#src/features/my-page/api/co-applicant-invite.ts';
import { ApiError } from '#src/shared/api/http.ts';
import '#src/features/my-page/co-applicant-invite.css';

// Issue 13 item 8 (ADR 0038): the main applicant invites the co-applicant by e-mail and/or SMS and sees
// whether the invite was sent, accepted or has run out. Shown only to the main applicant (the API refuses
// anyone else) while the application is still open.

export function CoApplicantInvitePanel({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const status = useCoApplicantInvite(applicationId, true);
  const send = useSendCoApplicantInvite(applicationId);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [missing, setMissing] = useState(false);
  const titleId = useId();
  const emailId = useId();
  const phoneId = useId();
  const hintId = useId();
  if (!status.data) return null;
  const view = status.data;
  const when = new Intl.DateTimeFormat(brand.i18n.defaultLocale, { dateStyle: 'medium', timeStyle: 'short' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      ...(email.trim() ? { Email: email.trim() } : {}),
      ...(phone.trim() ? { Phone: phone.trim() } : {}),
    };
    setMissing(!input.Email && !input.Phone);
    if (input.Email || input.Phone) send.mutate(input);
  };
  const failure = send.error instanceof ApiError ? send.error.status : send.isError ? 0 : null;

  return (
    <section
      className="transparency co-applicant-invite"
      aria-labelledby={titleId}
      data-testid="co-applicant-invite"
    >
      <h3 id={titleId}>{t('offers.invite.title')}</h3>
      <p data-testid="co-applicant-invite-status" role="status" aria-live="polite">
        {view.Status === 'sent' &&
          t('offers.invite.statusSent', {
            to: [view.SentToEmail, view.SentToPhone].filter(Boolean).join(', '),
            until: when.format(new Date(view.ExpiresAt ?? '')),
          })}
        {view.Status === 'accepted' &&
          t('offers.invite.statusAccepted', { at: when.format(new Date(view.AcceptedAt ?? '')) })}
        {view.Status === 'expired' && t('offers.invite.statusExpired')}
        {view.Status === 'none' && t('offers.invite.statusNone')}
      </p>
      {view.Status !== 'accepted' && (
        <form onSubmit={submit} noValidate>
          <p id={hintId} className="hint">
            {t('offers.invite.lead')}
          </p>
          <div className="field">
            <label htmlFor={emailId}>{t('offers.invite.email')}</label>
            <input
              id={emailId}
              type="email"
              name="email"
              autoComplete="off"
              aria-describedby={hintId}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={phoneId}>{t('offers.invite.phone')}</label>
            <input
              id={phoneId}
              type="tel"
              name="phone"
              autoComplete="off"
              aria-describedby={hintId}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          </div>
          <button type="submit" className="button button--secondary" disabled={send.isPending}>
            {send.isPending
              ? t('offers.invite.sending')
              : view.Status === 'none'
                ? t('offers.invite.send')
                : t('offers.invite.sendAgain')}
          </button>
          {missing && (
            <p className="error-text" role="alert">
              {t('offers.invite.missing')}
            </p>
          )}
          {failure !== null && (
            <p className="error-text" role="alert">
              {failure === 429
                ? t('offers.invite.tooMany')
                : failure === 400
                  ? t('offers.invite.invalid')
                  : t('offers.invite.failed')}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
