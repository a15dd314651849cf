import { brands } from '@nordloan/domain/brands/registry';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveJourneyDraft } from '#src/features/apply/model/journey-draft.ts';
import { liveExample } from '#src/features/apply/model/live-example.ts';
import { applicationSessionStore } from '#src/session/active-application.ts';
import { authStore, initialAuthData } from '#src/session/auth-store.ts';
import { eidLoginOutcomeStore } from '#src/session/eid-login-outcome.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { customerRecord, loanApplicationRecord, personRecord } from '#src/test/records.ts';
import { renderBrand } from '#src/test/render-brand.tsx';
import { customerToken } from '#src/test/tokens.ts';
import { typeInto } from '#src/test/type-into.ts';

// The apply page in the DOM: the live example follows the amount, the Swedish warning, the card choice,
// and the §4 view-step event. No network: the terms list (the only call before login) answers empty.

beforeEach(() => {
  configureServiceUrls({ api: 'https://api.test' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  sessionStorage.clear();
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetServiceUrls();
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('apply page', () => {
  it('no-main: the example is the domain math for the amount typed, live', async () => {
    renderBrand(brands['no-main'], '/soknad/forbrukslan');
    const example = await screen.findByTestId('example-text');
    const expected = liveExample(brands['no-main'], 150_000, 5);
    if (expected.kind !== 'example') throw new Error('expected an example');
    expect(example.textContent).toBe(expected.example.text);
    typeInto(screen.getByTestId('amount-field-input'), '300 000');
    const changed = liveExample(brands['no-main'], 300_000, 5);
    if (changed.kind !== 'example') throw new Error('expected an example');
    expect(screen.getByTestId('example-text').textContent).toBe(changed.example.text);
    expect(plain(screen.getByTestId('amount-field-value').textContent)).toBe('300 000 kr');
    // No Swedish warning outside Sweden, no product choice on the unsecured page (cards are on /soknad/lan).
    expect(screen.queryByTestId('cost-warning')).toBeNull();
    expect(screen.queryByTestId('product-choice')).toBeNull();
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({ event: 'view-step', step: 'loan', stepIndex: 0 }),
    );
  });

  it('an amount off the grid is named beside the field and the slider stays in bounds', async () => {
    renderBrand(brands['no-main'], '/soknad/forbrukslan');
    const input = await screen.findByTestId('amount-field-input');
    typeInto(input, '152000');
    const field = screen.getByTestId('amount-field');
    expect(plain(within(field).getByRole('alert').textContent)).toBe(
      'Velg et beløp fra 10 000 til 800 000, i steg på 5 000.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('example-unavailable')).toBeTruthy();
  });

  it('se-main: the KOVFS 2025:1 warning on the application', async () => {
    renderBrand(brands['se-main'], '/soknad/forbrukslan');
    const warning = await screen.findByTestId('cost-warning');
    expect(warning.textContent).toContain('Att låna kostar pengar!');
    expect(warning.textContent).toContain('konsumentverket.se');
  });

  it('the one-form page offers the loan products; a card has a limit and no term', async () => {
    renderBrand(brands['no-main'], '/soknad/lan');
    const choice = await screen.findByTestId('product-choice');
    fireEvent.click(within(choice).getByLabelText('Kredittkort'));
    expect(screen.getByText('Kredittgrense')).toBeTruthy();
    expect(screen.queryByTestId('duration-field')).toBeNull();
    expect(plain(screen.getByTestId('amount-field-value').textContent)).toBe('50 000 kr');
  });
});

describe('back from the e-ID (ADR 0039)', () => {
  afterEach(() => eidLoginOutcomeStore.getState().setError(null));

  it('a cancelled e-ID: the identity step again, with the answers, the reason and "try again"', async () => {
    saveJourneyDraft({
      brand: 'no-main',
      path: '/soknad/forbrukslan',
      loanValues: { product: 'UnsecuredLoan', amount: 235_000, duration: 3, loanPurpose: 'Holiday' },
      preCheckAnswers: {
        age: '',
        employmentType: '',
        grossYearlyIncome: '',
        netMonthlyIncome: '',
        debtBalance: '',
        debtMonthlyPayments: '',
        hasPaymentRemarks: false,
      },
      contact: { email: 'kari@example.no', phone: '+4791234567' },
    });
    eidLoginOutcomeStore.getState().setError('cancelled');
    renderBrand(brands['no-main'], '/soknad/forbrukslan');
    expect(await screen.findByTestId('step-identify')).toBeTruthy();
    expect(screen.getByTestId('eid-error').textContent).toContain('Du avbrøt identifiseringen med BankID');
    expect((screen.getByTestId('field-email') as HTMLInputElement).value).toBe('kari@example.no');
    expect(screen.getByTestId('step-submit').textContent).toBe('Prøv igjen med BankID');
    // The loan step's answers are back too.
    fireEvent.click(screen.getByRole('button', { name: 'Tilbake' }));
    expect(plain((await screen.findByTestId('amount-field-value')).textContent)).toBe('235 000 kr');
  });

  it('?resume= while signed out: the identity step signs the applicant in to continue the draft', async () => {
    const { router } = renderBrand(brands['no-main'], '/soknad/forbrukslan?resume=app-1');
    expect((await screen.findByTestId('eid-lead')).textContent).toContain(
      'fortsette søknaden du har påbegynt',
    );
    expect(router.state.location.search).toBe('?resume=app-1&step=identify');
  });

  it('without a draft the journey starts at the loan step', async () => {
    renderBrand(brands['no-main'], '/soknad/forbrukslan');
    expect(await screen.findByTestId('step-loan')).toBeTruthy();
  });
});

describe('apply journey (useApplyJourney with the API stood in)', () => {
  const calls: string[] = [];
  const answer = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  beforeEach(() => {
    calls.length = 0;
    const stored = loanApplicationRecord({ CurrentStep: 'consent', CompletedSteps: ['loan', 'consent'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input));
        const call = `${init?.method ?? 'GET'} ${url.pathname}`;
        calls.push(call);
        if (call === 'GET /loan-application/app-1') return answer(stored);
        if (call === 'PATCH /loan-application/app-1/application-complete')
          return answer({ ...stored, Status: 160, StatusName: 'Submitted' });
        if (call === 'GET /person/pers-1') return answer(personRecord());
        if (call === 'GET /customer/cust-1') return answer(customerRecord());
        if (call === 'GET /loan-application')
          return answer({ Items: [stored], Total: 1, PageNumber: 1, PageSize: 100 });
        return answer([]);
      }),
    );
    const result = authStore
      .getState()
      .setToken(customerToken({ exp: Math.floor(Date.now() / 1000) + 3600 }), 'session');
    if (!result.ok) throw result.error;
    authStore.getState().setIdentity({ customerId: 'cust-1', personId: 'pers-1' });
    applicationSessionStore.getState().setActiveApplication('UnsecuredLoan', stored);
  });
  afterEach(() => {
    authStore.setState({ ...initialAuthData });
    applicationSessionStore.getState().clearActiveApplication('UnsecuredLoan');
  });

  it('a returning applicant lands after the last completed step, and the summary submits', async () => {
    renderBrand(brands['no-main'], '/soknad/forbrukslan');
    expect(await screen.findByTestId('step-summary')).toBeTruthy();
    expect(screen.getByTestId('welcome-back').textContent).toContain('NL-100001');
    expect(screen.getByTestId('step-summary').textContent).toContain('Kari Nordmann');
    fireEvent.click(screen.getByTestId('submit-application'));
    const sent = await screen.findByTestId('application-sent');
    expect(sent.getAttribute('data-human-readable-id')).toBe('NL-100001');
    expect(calls).toContain('PATCH /loan-application/app-1/application-complete');
    expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: 'view-step', step: 'sent' }));
  });
});

describe('a journey that never dead-ends (issue 38)', () => {
  const calls: string[] = [];
  const answer = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  let stored = loanApplicationRecord({
    CurrentStep: 'address',
    CompletedSteps: ['loan', 'identify', 'address'],
  });
  let others: ReturnType<typeof loanApplicationRecord>[] = [];

  beforeEach(() => {
    calls.length = 0;
    stored = loanApplicationRecord({
      CurrentStep: 'address',
      CompletedSteps: ['loan', 'identify', 'address'],
    });
    others = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input));
        const call = `${init?.method ?? 'GET'} ${url.pathname}`;
        calls.push(call);
        if (call === 'GET /loan-application/app-1') return answer(stored);
        if (call === 'GET /loan-application')
          return answer({ Items: others, Total: others.length, PageNumber: 1, PageSize: 100 });
        if (call === 'POST /loan-application/app-1/archive')
          return answer({
            ...stored,
            ArchivedAt: '2026-03-01T10:00:00.000Z',
            ArchiveReason: 'Withdrawn-by-customer',
          });
        if (call === 'POST /loan-application')
          return answer(loanApplicationRecord({ ID: 'app-2', HumanReadableID: 'NL-100002' }), 201);
        if (call.startsWith('PATCH /loan-application/app-2/step-complete'))
          return answer(
            loanApplicationRecord({ ID: 'app-2', HumanReadableID: 'NL-100002', CurrentStep: 'identify' }),
          );
        if (call === 'GET /person/pers-1') return answer(personRecord());
        if (call === 'GET /customer/cust-1') return answer(customerRecord());
        if (call === 'PATCH /person/pers-1') return answer(personRecord());
        if (call === 'PATCH /customer/cust-1') return answer(customerRecord());
        return answer([]);
      }),
    );
    const result = authStore
      .getState()
      .setToken(customerToken({ exp: Math.floor(Date.now() / 1000) + 3600 }), 'session');
    if (!result.ok) throw result.error;
    authStore.getState().setIdentity({ customerId: 'cust-1', personId: 'pers-1' });
  });
  afterEach(() => {
    authStore.setState({ ...initialAuthData });
    applicationSessionStore.getState().clearActiveApplication('UnsecuredLoan');
  });

  it('each step is in the address: a reload keeps the step, the in-page Back goes a step back', async () => {
    applicationSessionStore.getState().setActiveApplication('UnsecuredLoan', stored);
    const { router } = renderBrand(brands['no-main'], '/soknad/forbrukslan?step=address');
    expect(await screen.findByTestId('step-address')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tilbake' }));
    expect(await screen.findByTestId('step-identify')).toBeTruthy();
    expect(router.state.location.search).toBe('?step=identify');
    // Further than the step after the last one saved is not reachable by the address: where they are.
    await router.navigate('/soknad/forbrukslan?step=consent');
    expect(await screen.findByTestId('step-household')).toBeTruthy();
    expect(router.state.location.search).toBe('?step=household');
  });

  it('?resume=<id> opens the applicant’s own draft at its saved step', async () => {
    const { router } = renderBrand(brands['no-main'], '/soknad/forbrukslan?resume=app-1');
    expect(await screen.findByTestId('step-household')).toBeTruthy();
    expect(screen.getByTestId('welcome-back').textContent).toContain('NL-100001');
    expect(router.state.location.search).toBe('?step=household');
  });

  it('a second application of the product asks: continue the draft or start over (nothing overwritten)', async () => {
    others = [stored];
    renderBrand(brands['no-main'], '/soknad/forbrukslan');
    fireEvent.change(await screen.findByTestId('field-loanPurpose'), { target: { value: 'Holiday' } });
    fireEvent.click(screen.getByTestId('step-submit'));
    expect(await screen.findByTestId('identified')).toBeTruthy();
    typeInto(screen.getByTestId('field-email'), 'kari@example.no');
    typeInto(screen.getByTestId('field-phone'), '912 34 567');
    fireEvent.click(screen.getByTestId('step-submit'));
    const choice = await screen.findByTestId('existing-application');
    expect(choice.textContent).toContain('NL-100001');
    // Asked before anything was made or changed: no POST (no 403), no PATCH of the draft.
    expect(calls.filter((call) => call.startsWith('POST /loan-application'))).toEqual([]);
    expect(calls.some((call) => call.startsWith('PATCH /loan-application/app-1'))).toBe(false);
    fireEvent.click(screen.getByTestId('existing-continue'));
    expect(await screen.findByTestId('step-household')).toBeTruthy();
  });

  it('starting over withdraws the draft first, then makes the new application', async () => {
    others = [stored];
    renderBrand(brands['no-main'], '/soknad/forbrukslan');
    fireEvent.change(await screen.findByTestId('field-loanPurpose'), { target: { value: 'Holiday' } });
    fireEvent.click(screen.getByTestId('step-submit'));
    await screen.findByTestId('identified');
    typeInto(screen.getByTestId('field-email'), 'kari@example.no');
    typeInto(screen.getByTestId('field-phone'), '912 34 567');
    fireEvent.click(screen.getByTestId('step-submit'));
    fireEvent.click(await screen.findByTestId('existing-start-over'));
    expect(await screen.findByTestId('step-address')).toBeTruthy();
    const archived = calls.indexOf('POST /loan-application/app-1/archive');
    expect(archived).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf('POST /loan-application')).toBeGreaterThan(archived);
  });
});
