import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendMagicLink } from '#src/features/apply/api/application-calls.ts';

// "Send me a link to continue" (POST /loan-application/{id}/magic-link, docs/decisions/0010): the link
// goes to the e-mail address on the application's customer; the answer names it masked.
export function MagicLinkOffer({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'failed' } | { kind: 'sent'; to: string }>({
    kind: 'idle',
  });
  const send = async () => {
    setState({ kind: 'sending' });
    try {
      const answer = await sendMagicLink(applicationId, 'email');
      setState({ kind: 'sent', to: answer.SentTo });
    } catch {
      setState({ kind: 'failed' });
    }
  };
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
        disabled={state.kind === 'sending'}
        data-testid="send-magic-link"
      >
        {t('apply.later.send')}
      </button>
      <div aria-live="polite">
        {state.kind === 'sent' && (
          <p className="notice" data-testid="magic-link-sent">
            {t('apply.later.sent', { to: state.to })}
          </p>
        )}
        {state.kind === 'failed' && (
          <p className="error-text" role="alert">
            {t('apply.later.failed')}
          </p>
        )}
      </div>
    </aside>
  );
}
