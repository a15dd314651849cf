import type { CreditInquiry, LenderPath } from '@nordloan/domain/lending/transparency';
import { parseTermsLabel } from '@nordloan/domain/terms-label';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import '#src/features/my-page/transparency.css';

// Issue 13 items 2–3: each lender's path through the application (sent, received, deciding, offer or
// declined with the reason category, …) and the credit inquiries lenders made, with the consent they
// relied on. Both refresh live with the offers.

/** A step's time: the full date only when it differs from the step before (a path is usually one day). */
function useStepTime() {
  const { brand, format } = useBrand();
  const time = new Intl.DateTimeFormat(brand.i18n.defaultLocale, { timeStyle: 'short' });
  return (at: string, previous: string | undefined) =>
    previous && format.date(previous) === format.date(at) ? time.format(new Date(at)) : format.dateTime(at);
}

function LenderPathRow({ path }: { path: LenderPath }) {
  const { t } = useTranslation();
  const stepTime = useStepTime();
  return (
    <li
      className="lender-path"
      data-testid="lender-path"
      data-lender-id={path.LenderID}
      data-step={path.CurrentStep}
    >
      <h4 className="lender-path__name">{path.LenderName}</h4>
      <ol className="lender-path__steps">
        {path.Entries.map((entry, index) => (
          <li
            key={`${entry.Step}-${entry.At}`}
            className={`lender-path__step lender-path__step--${entry.Step}`}
            aria-current={index === path.Entries.length - 1 ? 'step' : undefined}
          >
            <span className="lender-path__label">{t(`offers.transparency.step.${entry.Step}`)}</span>{' '}
            <time className="lender-path__time" dateTime={entry.At}>
              {stepTime(entry.At, path.Entries[index - 1]?.At)}
            </time>
          </li>
        ))}
      </ol>
      {path.DeclineCategory && (
        <p className="lender-path__reason" data-testid="decline-reason">
          {t('offers.transparency.declineReason', {
            category: t(`offers.transparency.decline.${path.DeclineCategory}`),
          })}
        </p>
      )}
    </li>
  );
}

function CreditInquiryRow({ inquiry }: { inquiry: CreditInquiry }) {
  const { t } = useTranslation();
  const { format } = useBrand();
  const termsOn = parseTermsLabel(inquiry.TermsVersion)?.publishedOn ?? null;
  return (
    <li data-testid="credit-inquiry">
      <strong>
        {t('offers.transparency.inquiry', {
          lender: inquiry.LenderName,
          date: format.dateTime(inquiry.CheckedAt),
        })}
      </strong>
      <br />
      <span className="muted">
        {inquiry.ConsentGivenAt
          ? t('offers.transparency.consent', { date: format.dateTime(inquiry.ConsentGivenAt) })
          : t('offers.transparency.consentNoDate')}
        {/* The terms by their kind and date, never their version label (issue 38). */}
        {termsOn && ` ${t('offers.transparency.terms', { date: format.date(termsOn) })}`}
      </span>
    </li>
  );
}

export function TransparencyPanel({
  paths,
  inquiries,
  headingLevel = 3,
}: {
  paths: readonly LenderPath[];
  inquiries: readonly CreditInquiry[];
  /** 4 inside a named section of the page (issue 38). */
  headingLevel?: 3 | 4;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const pathsId = useId();
  const inquiriesId = useId();
  return (
    <div className="transparency">
      {paths.length > 0 && (
        <section aria-labelledby={pathsId} data-testid="lender-paths">
          <Heading id={pathsId}>{t('offers.transparency.pathsTitle')}</Heading>
          <ul className="lender-paths">
            {paths.map((path) => (
              <LenderPathRow key={path.LenderID} path={path} />
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby={inquiriesId} data-testid="credit-inquiries">
        <Heading id={inquiriesId}>{t('offers.transparency.inquiriesTitle')}</Heading>
        {inquiries.length > 0 ? (
          <>
            <p className="muted">{t('offers.transparency.inquiriesLead')}</p>
            <ul className="credit-inquiries">
              {inquiries.map((inquiry) => (
                <CreditInquiryRow key={`${inquiry.LenderID}-${inquiry.CheckedAt}`} inquiry={inquiry} />
              ))}
            </ul>
          </>
        ) : (
          <p className="muted">{t('offers.transparency.noInquiries')}</p>
        )}
      </section>
    </div>
  );
}
