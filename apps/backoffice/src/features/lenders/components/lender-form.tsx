import type { Country, Product } from '@nordloan/domain/enums';
import type { UpdateLenderBody } from '@nordloan/domain/lending/lender-register';
import { type FormEvent, useState } from 'react';
import { type Lender, useAddLender, useEditLender } from '#src/features/lenders/api/lenders.ts';
import { useLenderTexts } from '#src/features/lenders/model/lender-texts.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { ErrorMessage, Notice } from '#src/shared/ui/feedback.tsx';

// Adding and editing a lender. The secret field is a password field, emptied after saving: the server
// stores it sealed and never answers it, so the form only ever says whether one is stored.

const productsOffered: Product[] = ['UnsecuredLoan', 'DiscoveryLoan', 'CreditCard', 'SecuredLoan'];

const numberOf = (value: string) => Number(value.replace(',', '.').replace(/\s/g, ''));

export function AddLenderForm({ countries }: { countries: readonly string[] }) {
  const text = useLenderTexts();
  const { t } = useI18n();
  const add = useAddLender();
  const [country, setCountry] = useState(countries[0] ?? 'NO');
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [organisationNumber, setOrganisationNumber] = useState('');
  const [products, setProducts] = useState<Product[]>(['UnsecuredLoan']);
  const [channel, setChannel] = useState<'api' | 'portal'>('portal');
  const [endpoint, setEndpoint] = useState('');
  const [secret, setSecret] = useState('');
  const [commission, setCommission] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      {
        ID: id.trim(),
        Name: name.trim(),
        Country: country as Country,
        OrganisationNumber: organisationNumber.trim(),
        Products: products,
        Channel: channel,
        ...(channel === 'api' ? { EndpointUrl: endpoint.trim(), Secret: secret } : {}),
        CommissionPercent: numberOf(commission || '0'),
      },
      { onSuccess: () => setSecret('') },
    );
  };
  return (
    <section className="card" aria-labelledby="add-lender">
      <h2 id="add-lender">{text.addTitle}</h2>
      <form className="stack" onSubmit={submit}>
        <label>
          {text.country}
          <select value={country} onChange={(event) => setCountry(event.target.value)}>
            {countries.map((code) => (
              <option key={code} value={code}>
                {t.countries[code as keyof typeof t.countries] ?? code}
              </option>
            ))}
          </select>
        </label>
        <label>
          {text.id}
          <input
            value={id}
            required
            pattern="[a-z]{2}-[a-z0-9\-]{2,40}"
            placeholder={`${country.toLowerCase()}-`}
            onChange={(event) => setId(event.target.value)}
          />
        </label>
        <label>
          {text.name}
          <input value={name} required maxLength={120} onChange={(event) => setName(event.target.value)} />
        </label>
        <label>
          {text.organisationNumber}
          <input
            value={organisationNumber}
            required
            onChange={(event) => setOrganisationNumber(event.target.value)}
          />
        </label>
        <fieldset>
          <legend>{text.products}</legend>
          {productsOffered.map((product) => (
            <label key={product} className="checkbox">
              <input
                type="checkbox"
                checked={products.includes(product)}
                onChange={(event) =>
                  setProducts((current) =>
                    event.target.checked ? [...current, product] : current.filter((p) => p !== product),
                  )
                }
              />
              {t.products[product] ?? product}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{text.channel}</legend>
          {(['portal', 'api'] as const).map((value) => (
            <label key={value} className="checkbox">
              <input
                type="radio"
                name="channel"
                checked={channel === value}
                onChange={() => setChannel(value)}
              />
              {text.channels[value]}
            </label>
          ))}
        </fieldset>
        {channel === 'api' ? (
          <>
            <label>
              {text.endpoint}
              <input
                type="url"
                value={endpoint}
                required
                onChange={(event) => setEndpoint(event.target.value)}
              />
            </label>
            <label>
              {text.secret}
              <input
                type="password"
                autoComplete="new-password"
                value={secret}
                required
                minLength={32}
                onChange={(event) => setSecret(event.target.value)}
              />
            </label>
          </>
        ) : null}
        <label>
          {text.commissionPercent}
          <input
            inputMode="decimal"
            value={commission}
            required
            onChange={(event) => setCommission(event.target.value)}
          />
        </label>
        <button type="submit" disabled={add.isPending || products.length === 0}>
          {text.add}
        </button>
        {add.isError ? <ErrorMessage title={text.notSaved} error={add.error} /> : null}
        {add.isSuccess ? <Notice>{text.added(add.data.Name)}</Notice> : null}
      </form>
    </section>
  );
}

export function EditLenderForm({ lender, onDone }: { lender: Lender; onDone: () => void }) {
  const text = useLenderTexts();
  const { fmt } = useI18n();
  const edit = useEditLender();
  const [name, setName] = useState(lender.Name);
  const [endpoint, setEndpoint] = useState(lender.EndpointUrl ?? '');
  const [timeout, setTimeoutMs] = useState(String(lender.TimeoutMs));
  const [secret, setSecret] = useState('');
  const [commission, setCommission] = useState(String(lender.CommissionPercent));
  const [minIncome, setMinIncome] = useState(String(lender.Policy.MinGrossYearlyIncome));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: UpdateLenderBody = {
      Name: name.trim(),
      TimeoutMs: numberOf(timeout),
      CommissionPercent: numberOf(commission),
      Policy: { MinGrossYearlyIncome: numberOf(minIncome) },
      ...(lender.Channel === 'api' ? { EndpointUrl: endpoint.trim() } : {}),
      ...(secret ? { Secret: secret } : {}),
    };
    edit.mutate({ id: lender.ID, body }, { onSuccess: () => setSecret('') });
  };
  return (
    <section className="card" aria-labelledby="edit-lender">
      <h2 id="edit-lender">{text.editTitle(lender.Name)}</h2>
      <form className="stack" onSubmit={submit}>
        <label>
          {text.name}
          <input value={name} required onChange={(event) => setName(event.target.value)} />
        </label>
        {lender.Channel === 'api' ? (
          <label>
            {text.endpoint}
            <input
              type="url"
              value={endpoint}
              required
              onChange={(event) => setEndpoint(event.target.value)}
            />
          </label>
        ) : null}
        <label>
          {text.timeout}
          <input inputMode="numeric" value={timeout} onChange={(event) => setTimeoutMs(event.target.value)} />
        </label>
        <label>
          {text.commissionPercent}
          <input
            inputMode="decimal"
            value={commission}
            onChange={(event) => setCommission(event.target.value)}
          />
        </label>
        <label>
          {text.minIncome}
          <input
            inputMode="numeric"
            value={minIncome}
            onChange={(event) => setMinIncome(event.target.value)}
          />
        </label>
        <p className="hint" data-testid="secret-state">
          {lender.HasSecret && lender.SecretSetAt
            ? text.secretStored(fmt.dateTime(lender.SecretSetAt))
            : text.noSecret}
        </p>
        <label>
          {text.newSecret}
          <input
            type="password"
            autoComplete="new-password"
            value={secret}
            minLength={32}
            onChange={(event) => setSecret(event.target.value)}
          />
        </label>
        <div className="inline-form">
          <button type="submit" disabled={edit.isPending}>
            {text.save}
          </button>
          <button type="button" className="link-button" onClick={onDone}>
            {text.cancel}
          </button>
        </div>
        {edit.isError ? <ErrorMessage title={text.notSaved} error={edit.error} /> : null}
        {edit.isSuccess ? <Notice>{text.saved(edit.data.Name)}</Notice> : null}
      </form>
    </section>
  );
}
