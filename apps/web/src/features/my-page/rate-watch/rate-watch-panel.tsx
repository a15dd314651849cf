import {
  type RateWatch,
  type RateWatchChannel,
  type RateWatchCheck,
  rateWatchConsentTexts,
} from '@nordloan/domain/lending/rate-watch';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { useOfferFormat } from '#src/features/my-page/components/use-offer-format.ts';
import { useRateWatch, useRateWatchAction } from '#src/features/my-page/rate-watch/api/rate-watch.ts';
import '#src/features/my-page/rate-watch/rate-watch.css';
import {
  type RateWatchRefusal,
  rateWatchRefusal,
} from '#src/features/my-page/rate-watch/rate-watch-refusal.ts';

// Rate watch after the loan (issue 36 item 2, docs/decisions/0081), on the personal page of a paid-out loan,
// for the customer who took it. Opt-in: the consent box starts unticked and nothing starts without it; one
// press stops it; renewing ticks the consent again. The latest look shows the saving with its basis.

interface Settings {
  interval: number;
  threshold: string;
  channel: RateWatchChannel;
}

function settingsOf(watch: RateWatch): Settings {
  return {
    interval: watch.IntervalMonths ?? 6,
    threshold: String(watch.ThresholdAmount ?? 5_000),
    channel: watch.Channel ?? 'email',
  };
}

// The API's own bounds (the domain's threshold schema): a whole amount from 100 to 10 000 000.
const validThreshold = (value: string) =>
  /^\d+$/.test(value.trim()) && Number(value) >= 100 && Number(value) <= 10_000_000;

/** The words for a refusal: the brand's where the API's message is known, else the API's own. */
function refusalText(
  refusal: RateWatchRefusal,
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  if (!('key' in refusal)) return t('rateWatch.refused', { reason: refusal.text });
  if (refusal.key === 'threshold') return t('rateWatch.thresholdInvalid');
  if (refusal.key === 'consentRequired') return t('rateWatch.consentRequired');
  return t(`rateWatch.refusal.${refusal.key}`);
}

function SettingsFields(props: {
  watch: RateWatch;
  settings: Settings;
  onChange: (next: Settings) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { settings } = props;
  return (
    <>
      <fieldset className="choice-group">
        <legend>{t('rateWatch.interval')}</legend>
        {props.watch.AllowedIntervals.map((months) => (
          <label className="choice" key={months}>
            <input
              type="radio"
              name={`${id}-interval`}
              checked={settings.interval === months}
              onChange={() => props.onChange({ ...settings, interval: months })}
              data-testid={`rate-watch-interval-${months}`}
            />
            {t('rateWatch.everyMonths', { count: months })}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-threshold`}>
          {t('rateWatch.threshold', { currency: props.watch.Currency })}
        </label>
        <input
          id={`${id}-threshold`}
          className="text-input"
          inputMode="numeric"
          value={settings.threshold}
          aria-invalid={props.invalid}
          aria-describedby={props.invalid ? `${id}-threshold-error` : undefined}
          onChange={(event) => props.onChange({ ...settings, threshold: event.target.value })}
          data-testid="rate-watch-threshold"
        />
        {props.invalid && (
          <p id={`${id}-threshold-error`} className="error-text" role="alert">
            {t('rateWatch.thresholdInvalid')}
          </p>
        )}
      </div>
      <fieldset className="choice-group">
        <legend>{t('rateWatch.channel')}</legend>
        {(['email', 'sms'] as const).map((channel) => (
          <label className="choice" key={channel}>
            <input
              type="radio"
              name={`${id}-channel`}
              checked={settings.channel === channel}
              onChange={() => props.onChange({ ...settings, channel })}
              data-testid={`rate-watch-channel-${channel}`}
            />
            {t(`rateWatch.${channel}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}

/** The consent box: its text is the domain's, the version the API records; never ticked for the customer. */
function ConsentBox(props: { checked: boolean; onChange: (checked: boolean) => void; showError: boolean }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const id = useId();
  return (
    <div className="field">
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={props.checked}
          aria-invalid={props.showError && !props.checked}
          aria-describedby={props.showError && !props.checked ? `${id}-error` : undefined}
          onChange={(event) => props.onChange(event.target.checked)}
          data-testid="rate-watch-consent"
        />
        <span>{rateWatchConsentTexts[brand.i18n.defaultLocale]}</span>
      </label>
      {props.showError && !props.checked && (
        <p id={`${id}-error`} className="error-text" role="alert">
          {t('rateWatch.consentRequired')}
        </p>
      )}
    </div>
  );
}

function LatestCheck({ check, currency }: { check: RateWatchCheck; currency: string }) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const money = (amount: number) => format.money(amount, currency);
  const basis = check.Basis;
  return (
    <div className="rate-watch__check" data-testid="rate-watch-latest">
      <p>
        {t('rateWatch.latest', {
          date: format.day(check.CheckedAt),
          answered: check.LendersAnswered,
          asked: check.LendersAsked,
        })}
      </p>
      {check.Saving === null || !basis ? (
        <p>{t('rateWatch.noSaving')}</p>
      ) : (
        <>
          <p className="rate-watch__saving" data-testid="rate-watch-saving">
            {t('rateWatch.saving', { saving: money(check.Saving) })}{' '}
            {check.Notified ? t('rateWatch.notified') : t('rateWatch.belowThreshold')}
          </p>
          <h4>{t('rateWatch.basisHeading')}</h4>
          <ul className="rate-watch__basis" data-testid="rate-watch-basis">
            <li>
              {t('rateWatch.basisToday', {
                rate: format.rate(basis.CurrentNominalRate),
                months: basis.RemainingMonths,
                balance: money(basis.RemainingBalance),
              })}
            </li>
            <li>
              {t('rateWatch.basisEstimate', {
                lender: basis.LenderName,
                from: format.rate(basis.EstimatedRateFrom),
                to: format.rate(basis.EstimatedRateTo),
              })}
            </li>
            <li>
              {t('rateWatch.basisCosts', {
                current: money(basis.CurrentCostRemaining),
                refinance: money(basis.RefinanceCostRemaining),
                startup: money(basis.AssumedStartupFee),
              })}
            </li>
          </ul>
        </>
      )}
    </div>
  );
}

function WatchForm({ watch, applicationId }: { watch: RateWatch; applicationId: string }) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const action = useRateWatchAction(applicationId);
  const [settings, setSettings] = useState<Settings>(() => settingsOf(watch));
  const [consent, setConsent] = useState(false);
  // What a press checked: the settings (start, save) and the consent (start, renew) are told apart, so
  // saving a threshold does not scold the renewal's unticked box.
  const [tried, setTried] = useState({ settings: false, consent: false });
  const [notice, setNotice] = useState('');
  const active = watch.State === 'active';
  const refusal = action.isError ? rateWatchRefusal(action.error) : null;
  // A threshold the API refused is said beside the field, as the form's own check is.
  const thresholdRefused = refusal !== null && 'key' in refusal && refusal.key === 'threshold';
  const invalid = (tried.settings && !validThreshold(settings.threshold)) || thresholdRefused;
  const body = {
    IntervalMonths: settings.interval as 3 | 6 | 12,
    ThresholdAmount: Number(settings.threshold),
    Channel: settings.channel,
  };
  const run = async (
    next: Parameters<typeof action.mutateAsync>[0],
    done: (answer: RateWatch) => string = () => '',
  ) => {
    setNotice('');
    try {
      const answer = await action.mutateAsync(next);
      setConsent(false);
      setTried({ settings: false, consent: false });
      if (answer) {
        setSettings(settingsOf(answer));
        setNotice(done(answer));
      }
    } catch {
      // said below
    }
  };
  const start = () => {
    setTried({ settings: true, consent: true });
    if (!consent || !validThreshold(settings.threshold)) return;
    void run({ kind: 'start', body });
  };
  const save = () => {
    setTried({ settings: true, consent: false });
    if (!validThreshold(settings.threshold)) return;
    void run({ kind: 'change', body }, () => t('rateWatch.saved'));
  };
  const renew = () => {
    setTried({ settings: false, consent: true });
    if (!consent) return;
    void run({ kind: 'renew' }, (answer) =>
      answer.ExpiresAt ? t('rateWatch.renewed', { date: format.day(answer.ExpiresAt) }) : '',
    );
  };
  return (
    <>
      <SettingsFields
        watch={watch}
        settings={settings}
        onChange={(next) => {
          setSettings(next);
          if (action.isError) action.reset();
        }}
        invalid={invalid}
      />
      {active ? (
        <>
          <div className="rate-watch__actions">
            <button type="button" className="button" onClick={save} disabled={action.isPending}>
              {t('rateWatch.save')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void run({ kind: 'stop' })}
              disabled={action.isPending}
              data-testid="rate-watch-stop"
            >
              {t('rateWatch.stop')}
            </button>
          </div>
          <h4>{t('rateWatch.renewHeading')}</h4>
          <ConsentBox checked={consent} onChange={setConsent} showError={tried.consent} />
          <button
            type="button"
            className="button button--secondary"
            onClick={renew}
            disabled={action.isPending}
            data-testid="rate-watch-renew"
          >
            {t('rateWatch.renew')}
          </button>
        </>
      ) : (
        <>
          <ConsentBox checked={consent} onChange={setConsent} showError={tried.consent} />
          <button
            type="button"
            className="button"
            onClick={start}
            disabled={action.isPending}
            data-testid="rate-watch-start"
          >
            {watch.State === 'off' ? t('rateWatch.start') : t('rateWatch.restart')}
          </button>
        </>
      )}
      <p role="status" aria-live="polite" className="rate-watch__notice">
        {notice}
      </p>
      {refusal && !thresholdRefused && (
        <p role="alert" className="form-error" data-testid="rate-watch-refused">
          {refusalText(refusal, t)}
        </p>
      )}
    </>
  );
}

/** Shown on a paid-out loan to the customer who took it (`enabled`); nothing while the API says not eligible. */
export function RateWatchPanel({ applicationId, enabled }: { applicationId: string; enabled: boolean }) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const query = useRateWatch(applicationId, { enabled });
  const watch = query.data;
  if (!watch || (!watch.Eligible && watch.State === 'off')) return null;
  const threshold = watch.ThresholdAmount === null ? '' : format.money(watch.ThresholdAmount, watch.Currency);
  return (
    <section
      className="notice rate-watch"
      aria-labelledby={`rate-watch-heading-${applicationId}`}
      data-testid="rate-watch"
      data-state={watch.State}
    >
      <h3 id={`rate-watch-heading-${applicationId}`}>{t('rateWatch.heading')}</h3>
      {watch.State === 'off' && <p>{t('rateWatch.intro')}</p>}
      {watch.State === 'active' && (
        <>
          <p data-testid="rate-watch-on">
            {t('rateWatch.on', {
              count: watch.IntervalMonths ?? 0,
              threshold,
              channel: t(`rateWatch.${watch.Channel ?? 'email'}`),
            })}
          </p>
          {watch.NextCheckAt && watch.ExpiresAt && (
            <p className="muted">
              {t('rateWatch.next', {
                date: format.day(watch.NextCheckAt),
                expires: format.day(watch.ExpiresAt),
              })}
            </p>
          )}
        </>
      )}
      {watch.State === 'stopped' && <p data-testid="rate-watch-stopped">{t('rateWatch.stopped')}</p>}
      {watch.State === 'expired' && watch.ExpiresAt && (
        <p>{t('rateWatch.expired', { date: format.day(watch.ExpiresAt) })}</p>
      )}
      {watch.LatestCheck && <LatestCheck check={watch.LatestCheck} currency={watch.Currency} />}
      {watch.Eligible && <WatchForm key={watch.State} watch={watch} applicationId={applicationId} />}
    </section>
  );
}
