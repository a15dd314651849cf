import { useTranslation } from 'react-i18next';
import { useSendMagicLink } from '#src/features/apply/api/send-magic-link.ts';

// "Send me a link to continue" (POST /loan-application/{id}/magic-link, docs/decisions/0010): the link
// goes to the e-mail address on the application's customer; the answer names it masked.
export function MagicLinkOffer({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const sending = useSendMagicLink(applicationId);
  const send = () => sending.mutate('email');
  return (
    <aside className="apply-later" aria-labelledby="apply-later-title" data-testid="magic-link-offer">
      <h2 id="apply-later-title" className="apply-later__title">
        {t('apply.later.title')}
      </h2>
      <p className="muted">{t('apply.later.lead')}</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={send}
        disabled={sending.isPending}
        data-testid="send-magic-link"
      >
        {t('apply.later.send')}
      </button>
      <div aria-live="polite">
        {sending.isSuccess && (
          <p className="notice" data-testid="magic-link-sent">
            {t('apply.later.sent', { to: sending.data.SentTo })}
          </p>
        )}
        {sending.isError && (
          <p className="error-text" role="alert">
            {t('apply.later.failed')}
          </p>
        )}
      </div>
    </aside>
  );
}
