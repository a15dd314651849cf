import type { InsuranceRequestView } from '@nordloan/domain/insurance';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';
import { StepList } from '#src/shared/ui/step-list.tsx';
import type { EligibilityAnswers } from '../api/check-eligibility.ts';
import { useCheckEligibility } from '../api/check-eligibility.ts';
import { useInsuranceOffer } from '../api/get-eligibility.ts';
import { insuranceQueryKeys } from '../api/insurance-url.ts';
import { useInsurancePolicies } from '../api/policies.ts';
import { EligibilityStep } from './eligibility-step.tsx';
import { MandateStep } from './mandate-step.tsx';
import { OfferStep } from './offer-step.tsx';
import { PaymentStep } from './payment-step.tsx';
import { PolicyDetails } from './policy-details.tsx';

// The insurance journey (issue 10): eligibility → offer with price examples (opt-in) → e-ID mandate →
// payment mandate → the policy. A journey left half-way resumes at its step: the open request is read back
// from GET /insurance/v2/policy.

const stepIds = ['eligibility', 'offer', 'mandate', 'payment', 'policy'] as const;
type StepId = (typeof stepIds)[number];

function resumeStep(request: InsuranceRequestView | undefined): StepId | null {
  if (!request) return null;
  if (request.Decision !== 'new') return 'policy';
  if (request.Mandate?.Status === 'signed') return 'payment';
  return 'mandate';
}

export function InsuranceJourney({ myPageHref }: { myPageHref: string }) {
  const { t } = useTranslation();
  const { brand, format } = useBrand();
  const queryClient = useQueryClient();
  const offer = useInsuranceOffer(brand.brand);
  const policies = useInsurancePolicies();
  const check = useCheckEligibility();
  const [step, setStep] = useState<StepId>('eligibility');
  const [answers, setAnswers] = useState<EligibilityAnswers | null>(null);
  const [request, setRequest] = useState<InsuranceRequestView | null>(null);
  const [declined, setDeclined] = useState(false);
  const [reasons, setReasons] = useState<string[]>([]);
  const [resumed, setResumed] = useState(false);

  // Resume an undecided request once (the newest), so a reload does not start over.
  useEffect(() => {
    if (resumed || !policies.data) return;
    setResumed(true);
    const open = policies.data.find((item) => item.Decision === 'new');
    const at = resumeStep(open);
    if (open && at) {
      setRequest(open);
      setStep(at);
    }
  }, [policies.data, resumed]);

  const goTo = (next: StepId, direction: 'next' | 'back') => {
    trackFlowEvent(direction === 'next' ? 'insurance-next' : 'insurance-back', { step: next });
    setStep(next);
  };
  // The policy is issued in the same transaction that stores the active payment mandate: read it back.
  const { refetch } = policies;
  const requestId = request?.ID;
  const refreshRequest = useCallback(async () => {
    const current = (await refetch()).data?.find((item) => item.ID === requestId);
    if (current) setRequest(current);
    await queryClient.invalidateQueries({ queryKey: insuranceQueryKeys.offer(brand.brand) });
  }, [refetch, requestId, queryClient, brand.brand]);

  const onSigned = useCallback(() => {
    trackFlowEvent('insurance-next', { step: 'payment' });
    setStep('payment');
  }, []);
  const onActive = useCallback(() => {
    trackFlowEvent('insurance-next', { step: 'policy' });
    setStep('policy');
    void refreshRequest();
  }, [refreshRequest]);

  if (offer.isPending) {
    return (
      <p role="status" aria-live="polite">
        {t('insuranceJourney.loading')}
      </p>
    );
  }
  if (offer.isError || !offer.data) {
    return (
      <p className="error-text" role="alert">
        {t('insuranceJourney.error')}
      </p>
    );
  }
  const data = offer.data;
  if (!data.Sold) return <p>{t('insuranceJourney.notSold')}</p>;

  if (declined) {
    return (
      <section className="panel" data-testid="insurance-declined">
        <p>{t('insuranceJourney.offer.declined')}</p>
        <a href={myPageHref}>{t('insuranceJourney.policy.toMyPage')}</a>
      </section>
    );
  }

  const accept = async (insuredMonthlyAmount: number) => {
    if (!answers) return;
    const result = await check
      .mutateAsync({ ...answers, InsuredMonthlyAmount: insuredMonthlyAmount, OptIn: true })
      .catch(() => null);
    if (!result) return;
    if (!result.Eligible || !result.Request) {
      setReasons(result.Reasons);
      return;
    }
    setReasons([]);
    setRequest(result.Request);
    goTo('mandate', 'next');
  };

  return (
    <div className="insurance-journey">
      <StepList
        label={t('apply.stepsLabel')}
        steps={stepIds.map((id) => ({ id, title: t(`insuranceJourney.steps.${id}`) }))}
        currentIndex={stepIds.indexOf(step)}
      />
      {step === 'eligibility' && (
        <EligibilityStep
          offer={data}
          initial={answers}
          onNext={(given) => {
            setAnswers(given);
            goTo('offer', 'next');
          }}
        />
      )}
      {step === 'offer' && (
        <>
          {reasons.length > 0 && (
            <section className="panel" role="alert" data-testid="insurance-not-eligible">
              <h2>{t('insuranceJourney.notEligible')}</h2>
              <ul>
                {reasons.map((reason) => (
                  <li key={reason}>{t(`insuranceJourney.reasons.${reason}`, { defaultValue: reason })}</li>
                ))}
              </ul>
            </section>
          )}
          {check.isError && (
            <p className="error-text" role="alert">
              {t('insuranceJourney.error')}
            </p>
          )}
          <OfferStep
            offer={data}
            busy={check.isPending}
            onAccept={accept}
            onBack={() => goTo('eligibility', 'back')}
            onDecline={() => {
              trackFlowEvent('insurance-declined', { reason: 'offer' });
              setDeclined(true);
            }}
          />
        </>
      )}
      {step === 'mandate' && request && data.EIdentityProvider && (
        <MandateStep request={request} provider={data.EIdentityProvider} onSigned={onSigned} />
      )}
      {step === 'payment' && request && (
        <PaymentStep
          request={request}
          kinds={data.PaymentKinds}
          onActive={onActive}
          onDecline={() => {
            trackFlowEvent('insurance-declined-during-payment', { reason: 'payment' });
            setDeclined(true);
          }}
        />
      )}
      {step === 'policy' && request && (
        <section className="panel" aria-labelledby="insurance-policy-title" data-testid="insurance-result">
          <h2 id="insurance-policy-title">{t('insuranceJourney.policy.heading')}</h2>
          <div role="status" aria-live="polite">
            {request.Policy ? (
              <p>{t('insuranceJourney.policy.approved', { date: format.date(request.Policy.StartsOn) })}</p>
            ) : request.Decision === 'denied' ? (
              <p>{t('insuranceJourney.policy.denied')}</p>
            ) : (
              <p>{t('insuranceJourney.policy.waiting')}</p>
            )}
          </div>
          {request.Policy && <PolicyDetails policy={request.Policy} />}
          <a href={myPageHref}>{t('insuranceJourney.policy.toMyPage')}</a>
        </section>
      )}
    </div>
  );
}
