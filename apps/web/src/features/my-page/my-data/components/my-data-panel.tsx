import type { ErasureRequest, KeptRecord } from '@nordloan/domain/privacy';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { Disclosure } from '#src/features/my-page/components/disclosure.tsx';
import {
  useDownloadDataExport,
  useLatestErasureRequest,
  useRequestErasure,
} from '#src/features/my-page/my-data/api/my-data.ts';
import '#src/features/my-page/my-data/my-data.css';

// Issue 36 item 3 (ADR 0069): "My data" on the personal page — the person downloads everything we hold
// about them (PDF in the brand's language, or JSON), and asks for erasure: what went at once, and what the
// law keeps, each with its law and the day it goes.

function useDay() {
  const { brand } = useBrand();
  const format = new Intl.DateTimeFormat(brand.i18n.defaultLocale, { dateStyle: 'long', timeZone: 'UTC' });
  return (value: string) => format.format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value));
}

function KeptList({ kept }: { kept: KeptRecord[] }) {
  const { t } = useTranslation();
  const day = useDay();
  if (kept.length === 0) return <p>{t('myData.erasure.keptNone')}</p>;
  return (
    <ul className="my-data__kept" data-testid="erasure-kept">
      {kept.map((record) => (
        <li key={`${record.Category}-${record.LoanApplicationID ?? ''}`} data-category={record.Category}>
          <strong>
            {record.Category === 'applications' && record.HumanReadableID
              ? t('myData.erasure.application', { id: record.HumanReadableID })
              : t(`myData.erasure.categories.${record.Category}`)}
          </strong>
          {record.Category !== 'applications' && record.HumanReadableID
            ? ` – ${t('myData.erasure.application', { id: record.HumanReadableID })}`
            : ''}
          <br />
          {t(`myData.erasure.reasons.${record.Reason}`)}. {t('myData.erasure.law', { law: record.Law })}.
          <br />
          <span data-testid="erasure-until">
            {record.Until
              ? t('myData.erasure.until', { date: day(record.Until) })
              : t('myData.erasure.untilOpen')}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function ErasureResult({ request }: { request: ErasureRequest }) {
  const { t } = useTranslation();
  const day = useDay();
  return (
    <div data-testid="erasure-result">
      <p>
        {t('myData.erasure.requestedAt', { date: day(request.RequestedAt) })}.{' '}
        {request.Status === 'closed' && request.ClosedAt
          ? t('myData.erasure.statusClosed', { date: day(request.ClosedAt) })
          : t('myData.erasure.statusOpen')}
      </p>
      <h4>{t('myData.erasure.erasedTitle')}</h4>
      {request.Erased.length === 0 ? (
        <p>{t('myData.erasure.erasedNone')}</p>
      ) : (
        <ul data-testid="erasure-erased">
          {request.Erased.map((entry) => (
            <li key={entry.Category}>{t(`myData.erasure.categories.${entry.Category}`)}</li>
          ))}
        </ul>
      )}
      <h4>{t('myData.erasure.keptTitle')}</h4>
      <KeptList kept={request.Kept} />
    </div>
  );
}

function ErasurePanel({ personId }: { personId: string }) {
  const { t } = useTranslation();
  const latest = useLatestErasureRequest(personId);
  const ask = useRequestErasure(personId);
  const [confirming, setConfirming] = useState(false);
  const request = ask.data ?? latest.data ?? null;
  return (
    <section aria-labelledby="my-data-erasure" className="my-data__erasure">
      <h3 id="my-data-erasure">{t('myData.erasure.title')}</h3>
      {request ? (
        <ErasureResult request={request} />
      ) : (
        <>
          <p>{t('myData.erasure.lead')}</p>
          {confirming ? (
            <div>
              <p>{t('myData.erasure.confirmLead')}</p>
              <div className="my-data__buttons">
                <button
                  type="button"
                  className="button"
                  onClick={() => ask.mutate()}
                  disabled={ask.isPending}
                  data-testid="erasure-confirm"
                >
                  {ask.isPending ? t('myData.erasure.sending') : t('myData.erasure.confirm')}
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setConfirming(false)}
                >
                  {t('myData.erasure.cancel')}
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setConfirming(true)}
              disabled={!latest.isSuccess}
              data-testid="erasure-ask"
            >
              {t('myData.erasure.ask')}
            </button>
          )}
          {ask.isError && (
            <p className="error-text" role="alert">
              {t('myData.erasure.failed')}
            </p>
          )}
        </>
      )}
    </section>
  );
}

export function MyDataPanel({ personId }: { personId: string | null }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const download = useDownloadDataExport(personId ?? '', brand.i18n.defaultLocale);
  if (!personId) return null;
  return (
    <Disclosure title={t('myData.title')} testId="my-data" level={2}>
      <p>{t('myData.lead')}</p>
      <div className="my-data__buttons">
        <button
          type="button"
          className="button"
          onClick={() => download.mutate('pdf')}
          disabled={download.isPending}
          data-testid="my-data-pdf"
        >
          {t('myData.downloadPdf')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => download.mutate('json')}
          disabled={download.isPending}
          data-testid="my-data-json"
        >
          {t('myData.downloadJson')}
        </button>
      </div>
      <p role="status" aria-live="polite">
        {download.isPending ? t('myData.downloading') : download.isSuccess ? t('myData.downloaded') : ''}
      </p>
      {download.isError && (
        <p className="error-text" role="alert">
          {t('myData.downloadFailed')}
        </p>
      )}
      <ErasurePanel personId={personId} />
    </Disclosure>
  );
}
