import { type BrandConfig, brands } from '@nordloan/domain/brands/registry';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { createI18n } from '#src/i18n/i18n.ts';
import { loanApplicationRecord, personRecord } from '#src/test/records.ts';
import { typeInto } from '#src/test/type-into.ts';
import { CoApplicantStep } from './co-applicant-step.tsx';
import {
  AddressStep,
  ConsentStep,
  EconomyStep,
  EmploymentStep,
  HouseholdStep,
  IdentifyStep,
} from './detail-steps.tsx';
import { LoanStep } from './loan-step.tsx';
import { SummaryStep } from './summary-step.tsx';

// Every step of the apply journey as a component: what it asks (per the brand's §3 flags), the errors it
// shows beside the fields (and then sends nothing), and the values it hands the journey to save.

afterEach(cleanup);

function renderStep(ui: ReactNode, brand: BrandConfig = brands['no-main']) {
  const i18n = createI18n(brand.i18n.defaultLocale, featureMessagesByLocale[brand.i18n.defaultLocale]);
  return render(
    <I18nextProvider i18n={i18n}>
      <BrandProvider brand={brand}>{ui}</BrandProvider>
    </I18nextProvider>,
  );
}
const submitButton = <button type="submit">submit</button>;
const field = (name: string) => screen.getByTestId(`field-${name}`);
const type = (name: string, value: string) => typeInto(field(name), value);
const submit = (testId: string) => fireEvent.submit(screen.getByTestId(testId));
const invalid = (name: string) => field(name).getAttribute('aria-invalid') === 'true';
const invalidFields = (names: string[]) => names.filter(invalid);

describe('loan step', () => {
  it('hands over the amount, term and purpose chosen', async () => {
    const onSubmit = vi.fn();
    renderStep(
      <LoanStep
        products={['UnsecuredLoan']}
        initial={{ product: 'UnsecuredLoan', amount: 150_000, duration: 5, loanPurpose: 'Renovation' }}
        busy={false}
        onSubmit={onSubmit}
        submitLabel="Fortsett"
      />,
    );
    typeInto(screen.getByTestId('amount-field-input'), '200 000');
    submit('step-loan');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      product: 'UnsecuredLoan',
      amount: 200_000,
      duration: 5,
    });
  });
});

describe('identify step', () => {
  const defaults = { email: '', phone: '' };

  it('asks e-mail and phone before the e-ID, not the national id (the e-ID gives it)', async () => {
    const onSubmit = vi.fn();
    renderStep(
      <IdentifyStep
        loggedIn={false}
        defaults={defaults}
        busy={false}
        onSubmit={onSubmit}
        actions={submitButton}
      />,
    );
    expect(screen.queryByTestId('field-nationalId')).toBeNull();
    expect(screen.getByTestId('eid-lead').textContent).toContain('BankID');
    submit('step-identify');
    await waitFor(() => expect(invalidFields(['email', 'phone'])).toEqual(['email', 'phone']));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('normalises the phone number and hands the contact details on', async () => {
    const onSubmit = vi.fn();
    renderStep(
      <IdentifyStep
        loggedIn={false}
        defaults={defaults}
        busy={false}
        onSubmit={onSubmit}
        actions={submitButton}
      />,
    );
    type('email', 'kari@example.test');
    type('phone', '912 34 567');
    submit('step-identify');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ email: 'kari@example.test', phone: '+4791234567' });
  });

  it.each([
    ['cancelled', 'Du avbrøt identifiseringen med BankID'],
    ['failed', 'Vi fikk ikke bekreftet identiteten din med BankID'],
    ['expired', 'Identifiseringen tok for lang tid'],
  ] as const)('a login that came back %s says so, in the brand language', (code, text) => {
    renderStep(
      <IdentifyStep
        loggedIn={false}
        eidError={code}
        defaults={{ email: 'kari@example.test', phone: '+4791234567' }}
        busy={false}
        onSubmit={vi.fn()}
        actions={submitButton}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(text);
    expect((screen.getByTestId('field-email') as HTMLInputElement).value).toBe('kari@example.test');
  });

  it('after login asks the contact details only', () => {
    renderStep(
      <IdentifyStep
        loggedIn
        defaults={{ email: 'kari@example.test', phone: '+4791234567' }}
        busy={false}
        onSubmit={vi.fn()}
        actions={submitButton}
      />,
    );
    expect(screen.getByTestId('identified')).toBeTruthy();
    expect(screen.queryByTestId('field-nationalId')).toBeNull();
    expect(screen.queryByTestId('eid-lead')).toBeNull();
  });
});

describe('address step', () => {
  it('requires the name and address, and checks the postal code for the country', async () => {
    const onSubmit = vi.fn();
    renderStep(
      <AddressStep
        defaults={{ firstName: '', lastName: '', street: '', postalCode: '', city: '' }}
        busy={false}
        onSubmit={onSubmit}
        actions={submitButton}
      />,
    );
    type('postalCode', '123');
    submit('step-address');
    await waitFor(() =>
      expect(invalidFields(['firstName', 'lastName', 'street', 'postalCode', 'city'])).toHaveLength(5),
    );
    type('firstName', 'Kari');
    type('lastName', 'Nordmann');
    type('street', 'Storgata 1');
    type('postalCode', '0155');
    type('city', 'Oslo');
    submit('step-address');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      firstName: 'Kari',
      lastName: 'Nordmann',
      street: 'Storgata 1',
      postalCode: '0155',
      city: 'Oslo',
    });
  });
});

describe('household step', () => {
  const empty = {
    maritalStatus: '',
    education: '',
    livingSituation: '',
    housingType: '',
    housingCostMonthly: '',
    partnerLivingCostMonthly: '',
    childrenCount: '',
  } as const;

  it('no-main asks the housing type (hasApartmentType); the answers come back as numbers', async () => {
    const onSubmit = vi.fn();
    renderStep(
      <HouseholdStep defaults={{ ...empty }} busy={false} onSubmit={onSubmit} actions={submitButton} />,
    );
    submit('step-household');
    await waitFor(() =>
      expect(
        invalidFields(['maritalStatus', 'education', 'livingSituation', 'housingCostMonthly']),
      ).toHaveLength(4),
    );
    type('maritalStatus', 'Single');
    type('education', 'High school');
    type('livingSituation', 'Rental');
    type('housingCostMonthly', '9 000');
    type('childrenCount', '1');
    submit('step-household');
    await waitFor(() => expect(invalidFields(['housingType', 'maritalStatus'])).toEqual(['housingType']));
    expect(onSubmit).not.toHaveBeenCalled();
    type('housingType', 'Apartment building');
    submit('step-household');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ housingCostMonthly: 9000, childrenCount: 1 });
  });
});

describe('employment step', () => {
  const empty = {
    employmentType: '',
    employerName: '',
    employmentStart: '',
    employmentEnd: '',
    industry: '',
    jobLevel: '',
    mainBank: '',
    isPoliticallyExposed: '',
  } as const;

  it('the employed name their employer and start (check/app rules shared with the API)', async () => {
    const onSubmit = vi.fn();
    renderStep(
      <EmploymentStep defaults={{ ...empty }} busy={false} onSubmit={onSubmit} actions={submitButton} />,
    );
    type('employmentType', 'Permanent');
    submit('step-employment');
    await waitFor(() =>
      expect(invalidFields(['employerName', 'employmentStart', 'jobLevel'])).toHaveLength(3),
    );
    expect(screen.getByTestId('field-isPoliticallyExposed').getAttribute('aria-invalid')).toBe('true');
    type('employerName', 'Fjord Tech AS');
    type('employmentStart', '2018-08-01');
    type('jobLevel', 'Employee');
    fireEvent.click(within(screen.getByTestId('field-isPoliticallyExposed')).getAllByRole('radio')[1]!);
    submit('step-employment');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      employmentType: 'Permanent',
      employerName: 'Fjord Tech AS',
      employmentStart: '2018-08-01',
    });
  });
});

describe('economy step', () => {
  const empty = {
    grossYearlyIncome: '',
    netMonthlyIncome: '',
    otherIncomeMonthly: '',
    debts: [],
    expenses: { '1': '', '2': '', '3': '', '4': '', '5': '', '6': '' },
  };

  it('refuses a net income above the gross, and hands over debts and expenses', async () => {
    const onSubmit = vi.fn();
    renderStep(<EconomyStep defaults={empty} busy={false} onSubmit={onSubmit} actions={submitButton} />);
    type('grossYearlyIncome', '400 000');
    type('netMonthlyIncome', '40 000');
    submit('step-economy');
    await waitFor(() => expect(invalid('netMonthlyIncome')).toBe(true));
    expect(onSubmit).not.toHaveBeenCalled();
    type('netMonthlyIncome', '25 000');
    fireEvent.click(screen.getByTestId('add-debt'));
    type('debts.0.debtType', 'CreditCard');
    type('debts.0.balance', '20 000');
    type('expenses.1', '1 500');
    submit('step-economy');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      grossYearlyIncome: 400_000,
      netMonthlyIncome: 25_000,
      debts: [{ debtType: 'CreditCard', balance: 20_000 }],
      expenses: { '1': 1500 },
    });
  });
});

const application = loanApplicationRecord;

describe('co-applicant step', () => {
  it('without a co-applicant the step only confirms', async () => {
    const onRemove = vi.fn();
    const onSave = vi.fn();
    renderStep(
      <CoApplicantStep
        application={application({})}
        mainNationalId="15076500565"
        busy={false}
        actions={submitButton}
        onRemove={onRemove}
        onSave={onSave}
      />,
    );
    submit('step-co-applicant');
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('with one, asks who they are; the main applicant cannot be their own co-applicant', async () => {
    const onSave = vi.fn();
    renderStep(
      <CoApplicantStep
        application={application({})}
        mainNationalId="15076500565"
        busy={false}
        actions={submitButton}
        onRemove={vi.fn()}
        onSave={onSave}
      />,
    );
    fireEvent.click(screen.getByTestId('co-applicant-yes'));
    typeInto(screen.getByTestId('co-field-nationalId'), '15076500565');
    submit('step-co-applicant');
    await waitFor(() =>
      expect(screen.getByTestId('co-field-nationalId').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText('Medsøkeren kan ikke være deg selv.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('consent step', () => {
  const defaults = {
    acceptTerms: false as unknown as true,
    creditCheck: false as unknown as true,
    marketingEmail: false,
    marketingSms: false,
    marketingPhone: false,
  };

  it('the terms and the credit check must be accepted; marketing is each channel’s own choice', async () => {
    const onSubmit = vi.fn();
    renderStep(
      <ConsentStep
        terms={{ title: 'Vilkår', body: 'Tekst', publishedOn: '2026-03-01T00:00:00.000Z' }}
        defaults={defaults}
        busy={false}
        onSubmit={onSubmit}
        actions={submitButton}
      />,
    );
    expect(screen.getByText('Vilkår')).toBeTruthy();
    // The terms by their title and date, never their internal version label (issue 38).
    expect(screen.getByTestId('step-consent').textContent).toContain('Gjelder fra 1. mars 2026');
    submit('step-consent');
    await waitFor(() =>
      expect(screen.getAllByText('Du må krysse av her for å sende søknaden.')).toHaveLength(2),
    );
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(field('acceptTerms'));
    fireEvent.click(field('creditCheck'));
    fireEvent.click(field('marketingSms'));
    submit('step-consent');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      acceptTerms: true,
      creditCheck: true,
      marketingEmail: false,
      marketingSms: true,
      marketingPhone: false,
    });
  });
});

describe('summary step', () => {
  it('shows what will be sent and submits', () => {
    const onSubmit = vi.fn();
    renderStep(
      <SummaryStep
        application={application({})}
        person={personRecord()}
        busy={false}
        back={null}
        onSubmit={onSubmit}
      />,
    );
    const summary = screen.getByTestId('step-summary');
    expect(summary.textContent).toContain('Kari Nordmann');
    expect(screen.queryByTestId('cost-warning')).toBeNull();
    fireEvent.click(screen.getByTestId('submit-application'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  // The Swedish warning is the journey's, above every step (shared/compliance/credit-warning.test.tsx).
});
