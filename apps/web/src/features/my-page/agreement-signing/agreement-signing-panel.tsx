import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOfferFormat } from '#src/features/my-page/components/use-offer-format.ts';
import {
  type LoanAgreement,
  useDownloadAgreement,
  useLoanAgreement,
  useStartSigning,
} from './api/agreement.ts';
import './agreement-signing.css';

// Signing the lender's credit agreement with e-ID on the personal page (issue 36 item 1, ADR 0075): read
// (download) the PDF, tick that it was read (never pre-ticked), sign with the country's e-ID; a failed or
// expired order shows its reason and leaves the offer as it was. Once every applicant signed: when, that
// the lender has it, and the evidence to download.

const providerNames: Record<string, string> = {
  'bankid-no': 'BankID',
  'bankid-se': 'BankID',
  ftn: 'FTN',
  mitid: 'MitID',
};

function Signers({ agreement }: { agreement: LoanAgreement }) {
  const { t } = useTranslation();
  if (agreement.Signers.length < 2) return null;
  return (
    <ul className="agreement-signing__signers" data-testid="agreement-signers">
      {agreement.Signers.map((signer) => (
        <li key={signer.Role}>
          {t(`agreementSigning.roles.${signer.Role}`)}:{' '}
          {signer.Signed ? t('agreementSigning.signerSigned') : t('agreementSigning.signerPending')}
        </li>
      ))}
    </ul>
  );
}

export function AgreementSigningPanel({
  applicationId,
  lenderName,
}: {
  applicationId: string;
  /** The accepted offer's lender: named while its agreement is still on the way (the API has no name yet). */
  lenderName?: string | undefined;
}) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const query = useLoanAgreement(applicationId, { enabled: true });
  const start = useStartSigning(applicationId);
  const download = useDownloadAgreement(applicationId);
  const [read, setRead] = useState(false);
  const agreement = query.data;
  if (!agreement) return null;
  const lender = agreement.LenderName ?? lenderName ?? '';
  const provider = providerNames[agreement.Provider ?? ''] ?? 'e-ID';
  const mine = agreement.MySignature;
  const day = (iso: string | null) => (iso ? format.day(iso) : '');

  if (agreement.State === 'none') {
    return (
      <section className="agreement-signing notice" data-testid="agreement-signing" aria-live="polite">
        <h3>{t('agreementSigning.heading')}</h3>
        <p>{t('agreementSigning.waiting', { lender })}</p>
      </section>
    );
  }

  const downloadPdf = (
    <button
      type="button"
      className="button button--secondary"
      data-testid="agreement-download"
      onClick={() =>
        download.mutate({ kind: 'pdf', fileName: agreement.Document?.FileName ?? 'agreement.pdf' })
      }
    >
      {t('agreementSigning.download')}
    </button>
  );

  if (agreement.State === 'signed') {
    return (
      <section className="agreement-signing notice" data-testid="agreement-signing" aria-live="polite">
        <h3>{t('agreementSigning.heading')}</h3>
        <p data-testid="agreement-complete">
          {t('agreementSigning.complete', { date: day(agreement.CompletedAt) })}
        </p>
        <p>
          {agreement.LenderNotified ? t('agreementSigning.lenderTold') : t('agreementSigning.lenderPending')}
        </p>
        <Signers agreement={agreement} />
        <div className="agreement-signing__actions">
          {downloadPdf}
          <button
            type="button"
            className="button button--secondary"
            data-testid="agreement-evidence"
            onClick={() => download.mutate({ kind: 'evidence', fileName: 'agreement-evidence.json' })}
          >
            {t('agreementSigning.evidence')}
          </button>
        </div>
      </section>
    );
  }

  const signedByMe = mine?.Status === 'signed';
  const pending = mine?.Status === 'pending';
  const reasonKey =
    mine?.Reason && ['user-cancelled', 'expired-transaction'].includes(mine.Reason) ? mine.Reason : 'other';
  return (
    <section className="agreement-signing notice" data-testid="agreement-signing" aria-live="polite">
      <h3>{t('agreementSigning.heading')}</h3>
      {agreement.State === 'expired' ? (
        <p data-testid="agreement-expired">
          {t('agreementSigning.expired', { date: day(agreement.OfferExpiresAt) })}
        </p>
      ) : (
        <p>{t('agreementSigning.read', { lender })}</p>
      )}
      <div className="agreement-signing__actions">{downloadPdf}</div>
      {agreement.Document && (
        <p className="agreement-signing__hash">
          {t('agreementSigning.fingerprint', { hash: agreement.Document.Sha256 })}
        </p>
      )}
      <Signers agreement={agreement} />
      {mine?.Status === 'failed' && (
        <p className="agreement-signing__failed" data-testid="agreement-failed" role="alert">
          {t('agreementSigning.failed', {
            reason: t(`agreementSigning.reasons.${reasonKey}`, { provider }),
          })}
        </p>
      )}
      {signedByMe && (
        <p data-testid="agreement-signed-by-me">
          {t('agreementSigning.signedByMe', { date: day(mine.SignedAt) })}{' '}
          {t('agreementSigning.waitingForCo')}
        </p>
      )}
      {pending && <p data-testid="agreement-pending">{t('agreementSigning.pending', { provider })}</p>}
      {agreement.State === 'awaiting-signatures' && !signedByMe && !pending && (
        <>
          <label className="agreement-signing__confirm">
            <input
              type="checkbox"
              checked={read}
              data-testid="agreement-read"
              onChange={(event) => setRead(event.currentTarget.checked)}
            />{' '}
            {t('agreementSigning.confirmRead')}
          </label>
          <div className="agreement-signing__actions">
            <button
              type="button"
              className="button"
              data-testid="agreement-sign"
              disabled={!read || start.isPending}
              onClick={() => start.mutate()}
            >
              {t('agreementSigning.sign', { provider })}
            </button>
          </div>
          {start.isError && <p role="alert">{t('agreementSigning.startFailed')}</p>}
        </>
      )}
    </section>
  );
}
