import type { ContactLogEntry } from '@nordloan/domain/contact-log';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import {
  type ContactPreferences,
  preferencesOf,
  useContactLog,
  useSaveContactPreferences,
} from '#src/features/my-page/api/contact-preferences.ts';
import { useConsentState } from '#src/features/my-page/api/marketing-consent.ts';
import { Disclosure } from '#src/features/my-page/components/disclosure.tsx';
import '#src/features/my-page/contact-preferences.css';

// Issue 13 item 7 (ADR 0037): the applicant chooses how we may contact them with offers, and whether we may
// make sales calls at all; and sees every contact we made about an application.

export function ContactPreferencesForm(props: {
  initial: ContactPreferences;
  saving: boolean;
  saved: boolean;
  failed: boolean;
  onSave: (after: ContactPreferences) => void;
}) {
  const { t } = useTranslation();
  const [prefs, setPrefs] = useState(props.initial);
  useEffect(() => setPrefs(props.initial), [props.initial]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave(prefs);
  };
  return (
    <form onSubmit={submit} data-testid="contact-preferences-form">
      <fieldset>
        <legend>{t('offers.contact.channelsLegend')}</legend>
        {(['email', 'sms'] as const).map((channel) => (
          <label key={channel} className="checkbox">
            <input
              type="checkbox"
              name={channel}
              checked={prefs[channel]}
              onChange={(event) => setPrefs({ ...prefs, [channel]: event.target.checked })}
            />{' '}
            {t(`offers.contact.channel.${channel}`)}
          </label>
        ))}
      </fieldset>
      <label className="checkbox">
        <input
          type="checkbox"
          name="noSalesCalls"
          checked={prefs.noSalesCalls}
          onChange={(event) => setPrefs({ ...prefs, noSalesCalls: event.target.checked })}
        />{' '}
        {t('offers.contact.noSalesCalls')}
      </label>
      <p className="hint">{t('offers.contact.serviceNote')}</p>
      <button type="submit" className="button button--secondary" disabled={props.saving}>
        {props.saving ? t('offers.contact.saving') : t('offers.contact.save')}
      </button>
      <p role="status" aria-live="polite" data-testid="contact-preferences-result">
        {props.saved ? t('offers.contact.saved') : ''}
      </p>
      {props.failed && (
        <p className="error-text" role="alert">
          {t('offers.contact.failed')}
        </p>
      )}
    </form>
  );
}

/** How we may contact the applicant, behind its named section below the offers (issue 38). */
export function ContactPreferencesPanel({ customerId }: { customerId: string | null }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const state = useConsentState(customerId, brand.brand);
  const save = useSaveContactPreferences(customerId ?? '', brand.brand);
  if (!customerId || !state.data) return null;
  const initial = preferencesOf(state.data);
  const country = state.data.Country;
  return (
    <Disclosure title={t('offers.contact.title')} testId="contact-preferences" level={2}>
      <div className="contact-preferences">
        <p>{t('offers.contact.lead')}</p>
        <ContactPreferencesForm
          key={JSON.stringify(initial)}
          initial={initial}
          saving={save.isPending}
          saved={save.isSuccess}
          failed={save.isError}
          onSave={(after) => save.mutate({ country, before: initial, after })}
        />
      </div>
    </Disclosure>
  );
}

export function ContactLogList({ items }: { items: readonly ContactLogEntry[] }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const when = new Intl.DateTimeFormat(brand.i18n.defaultLocale, { dateStyle: 'medium', timeStyle: 'short' });
  if (items.length === 0) return <p>{t('offers.contact.logEmpty')}</p>;
  return (
    <table className="contact-log" data-testid="contact-log">
      <caption className="visually-hidden">{t('offers.contact.logTitle')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('offers.contact.logWhen')}</th>
          <th scope="col">{t('offers.contact.logChannel')}</th>
          <th scope="col">{t('offers.contact.logKind')}</th>
          <th scope="col">{t('offers.contact.logOutcome')}</th>
          <th scope="col">{t('offers.contact.logAddress')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={`${item.At}/${item.Channel}/${item.Kind}/${item.MaskedAddress}/${item.Outcome}`}>
            <td>
              <time dateTime={item.At}>{when.format(new Date(item.At))}</time>
            </td>
            <td>{t(`offers.contact.channel.${item.Channel}`)}</td>
            <td>{t(`offers.contact.kind.${item.Kind}`, { defaultValue: t('offers.contact.kind.other') })}</td>
            <td>{t(`offers.contact.outcome.${item.Outcome}`)}</td>
            <td>{item.MaskedAddress}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The contact log of one application; `collapsed` behind a named section of the personal page (issue 38). */
export function ContactLogPanel({
  applicationId,
  collapsed = false,
}: {
  applicationId: string;
  collapsed?: boolean;
}) {
  const { t } = useTranslation();
  const log = useContactLog(applicationId);
  const titleId = useId();
  if (!log.data) return null;
  if (collapsed) {
    return (
      <Disclosure title={t('offers.contact.logTitle')} testId="contact-log-panel">
        <p>{t('offers.contact.logLead')}</p>
        <ContactLogList items={log.data.Items} />
      </Disclosure>
    );
  }
  return (
    <section aria-labelledby={titleId} className="transparency" data-testid="contact-log-panel">
      <h3 id={titleId}>{t('offers.contact.logTitle')}</h3>
      <p>{t('offers.contact.logLead')}</p>
      <ContactLogList items={log.data.Items} />
    </section>
  );
}
