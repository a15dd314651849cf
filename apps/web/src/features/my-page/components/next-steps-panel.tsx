import { statusPhase, statusPhases } from '@nordloan/domain/statuses';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';

// After acceptance the next step is always one that works (issue 38 item 4). "Go to the bank to sign"
// opened a lender address that does not exist; until signing through us exists, the page says that the
// bank contacts the applicant to sign, and what happens next, step by step: the bank's check (documents
// are uploaded here), signing with the bank, payout. 5xx: the bank decides; 6xx: approved, payout next.

type Step = 'check' | 'sign' | 'payout';
const steps: readonly Step[] = ['check', 'sign', 'payout'];

export function NextStepsPanel({ lender, status }: { lender: string; status: number }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const titleId = useId();
  // The phone number as a link inside the sentence, wherever the language puts it.
  const [before = '', after = ''] = t('offers.nextSteps.contact', { phone: '\u0000' }).split('\u0000');
  const current: Step = statusPhase(status) >= statusPhases.disbursement ? 'payout' : 'check';
  const stateOf = (step: Step) =>
    steps.indexOf(step) < steps.indexOf(current) ? 'done' : step === current ? 'current' : 'upcoming';
  return (
    <section className="next-steps" aria-labelledby={titleId} data-testid="next-steps">
      <h3 id={titleId}>{t('offers.nextSteps.title')}</h3>
      <p>{t('offers.nextSteps.lead', { lender })}</p>
      <ol className="next-steps__list">
        {steps.map((step) => (
          <li key={step} data-state={stateOf(step)} aria-current={step === current ? 'step' : undefined}>
            {t(`offers.nextSteps.${step}`, { lender })}
          </li>
        ))}
      </ol>
      <p className="muted">
        {before}
        <a href={`tel:${brand.contact.phone.replace(/\s/g, '')}`}>{brand.contact.phone}</a>
        {after}
      </p>
    </section>
  );
}
