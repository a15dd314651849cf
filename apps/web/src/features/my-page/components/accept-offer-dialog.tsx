import type { PresentedQuote } from '@nordloan/domain/lending/loan-quote.schema';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secciBodyHtml, secciPdfUrl, useSecci } from '#src/features/my-page/api/get-secci.ts';
import { useAcceptQuote } from '#src/features/my-page/api/quote-actions.ts';
import { ModalDialog } from '#src/features/my-page/components/modal-dialog.tsx';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';

/**
 * Accepting an offer (regulation.md: the SECCI before acceptance): the pre-contractual information, a link
 * to its PDF, the applicant's consent to share the application with the lender, then confirm.
 */
export function AcceptOfferDialog({
  quote,
  onClose,
  onAccepted,
}: {
  quote: PresentedQuote;
  onClose: () => void;
  onAccepted: () => void;
}) {
  const { t } = useTranslation();
  const secci = useSecci(quote.ID);
  const accept = useAcceptQuote(quote.LoanApplicationID);
  const [consent, setConsent] = useState(false);
  const [showConsentError, setShowConsentError] = useState(false);
  const consentId = useId();
  const consentErrorId = useId();
  const secciHtml = useMemo(() => (secci.data ? secciBodyHtml(secci.data) : ''), [secci.data]);
  const secciShown = useRef(false);

  useEffect(() => {
    if (secciHtml && !secciShown.current) {
      secciShown.current = true;
      trackFlowEvent('open-pre-purchase-information', { lender: quote.Lender.Name });
    }
  }, [secciHtml, quote.Lender.Name]);

  const confirm = async () => {
    if (!consent) {
      setShowConsentError(true);
      return;
    }
    try {
      await accept.mutateAsync(quote.ID);
      trackFlowEvent('accept-offer', { applicationId: quote.LoanApplicationID, quoteId: quote.ID });
      onAccepted();
    } catch {
      // shown below
    }
  };

  return (
    <ModalDialog
      title={t('offers.accept.title', { lender: quote.Lender.Name })}
      onClose={onClose}
      testId="accept-dialog"
    >
      <p>{t('offers.accept.lead')}</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section className="secci" aria-label={t('offers.accept.secciTitle')} tabIndex={0} data-testid="secci">
        {secci.isPending ? (
          <p role="status">{t('offers.accept.secciLoading')}</p>
        ) : secci.isError ? (
          <p className="error-text">{t('offers.tryAgain')}</p>
        ) : (
          // Parsed and cleaned of scripts, styles and handlers by secciBodyHtml; the text is our own API's.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned server-rendered SECCI page
          <div dangerouslySetInnerHTML={{ __html: secciHtml }} />
        )}
      </section>
      <p>
        <a
          href={secciPdfUrl(quote.ID)}
          target="_blank"
          rel="noreferrer"
          onClick={() => trackFlowEvent('open-pre-purchase-information', { lender: quote.Lender.Name })}
        >
          {t('offers.accept.secciPdf')}
        </a>
      </p>
      <div className="field">
        <label className="checkbox" htmlFor={consentId}>
          <input
            id={consentId}
            type="checkbox"
            checked={consent}
            aria-invalid={showConsentError && !consent}
            aria-describedby={showConsentError && !consent ? consentErrorId : undefined}
            onChange={(event) => {
              setConsent(event.target.checked);
              if (event.target.checked) setShowConsentError(false);
            }}
          />
          <span>{t('offers.accept.consent', { lender: quote.Lender.Name })}</span>
        </label>
        {showConsentError && !consent && (
          <p id={consentErrorId} className="error-text" role="alert">
            {t('offers.accept.consentRequired')}
          </p>
        )}
      </div>
      {accept.isError && (
        <p className="error-text" role="alert">
          {t('offers.accept.failed')}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button" onClick={confirm} disabled={accept.isPending}>
          {accept.isPending ? t('offers.accept.accepting') : t('offers.accept.confirm')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('offers.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
