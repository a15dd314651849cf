import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import {
  applicantWithRequest,
  eligibleAnswers,
  insuranceApplicant,
  on,
  signedMandate,
} from './insurance-test-helpers.ts';

// The journey past eligibility: the e-ID mandate, the payment mandate (local stand-ins on the test
// clock), the insurer's decision and the policy, and its termination.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ACCOUNT_OK = '12345678903';
const ACCOUNT_DECLINED = '12345678907';

async function activePolicy(options: { account?: string } = {}) {
  const { applicant, requestId } = await applicantWithRequest(t);
  await signedMandate(t, applicant.token, requestId);
  const api = on(t, 'no-main', applicant.token);
  const started = await api.post('/insurance-payment-mandate/kid', {
    InsuranceRequestID: requestId,
    AccountNumber: options.account ?? ACCOUNT_OK,
  });
  t.clock.advance(2_000);
  const payment = await api.get(`/insurance-payment-mandate/kid/${started.json().ID}`);
  const [request] = (await api.get('/insurance/v2/policy')).json();
  return { applicant, api, requestId, payment: payment.json(), request };
}

describe('the e-ID insurance mandate', () => {
  it('is pending until the applicant signs in their e-ID app, then signed', async () => {
    const { applicant, requestId } = await applicantWithRequest(t);
    const api = on(t, 'no-main', applicant.token);
    const started = await api.post('/insurance/v2/mandate/bankid-no', { InsuranceRequestID: requestId });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({
      InsuranceRequestID: requestId,
      Provider: 'bankid-no',
      Status: 'pending',
    });
    const url = `/insurance/v2/mandate/bankid-no/${started.json().ID}`;
    expect((await api.get(url)).json().Status).toBe('pending');
    // One open order at a time
    const second = await api.post('/insurance/v2/mandate/bankid-no', { InsuranceRequestID: requestId });
    expect(second.statusCode).toBe(409);
    t.clock.advance(2_500);
    expect((await api.get(url)).json()).toMatchObject({ Status: 'signed', FailureReason: null });
    expect(
      (await api.post('/insurance/v2/mandate/bankid-no', { InsuranceRequestID: requestId })).statusCode,
    ).toBe(409);
    // The same mandate under another provider's path is not found
    expect((await api.get(`/insurance/v2/mandate/bankid-se/${started.json().ID}`)).statusCode).toBe(404);
  });

  it('fails when the applicant cancels, and a new order can be started', async () => {
    const { applicant, requestId } = await applicantWithRequest(t, { lastDigit: { is: '9' } });
    const api = on(t, 'no-main', applicant.token);
    const started = await api.post('/insurance/v2/mandate/bankid-no', { InsuranceRequestID: requestId });
    t.clock.advance(2_500);
    const failed = await api.get(`/insurance/v2/mandate/bankid-no/${started.json().ID}`);
    expect(failed.json()).toMatchObject({ Status: 'failed', FailureReason: 'user-cancelled' });
    const retry = await api.post('/insurance/v2/mandate/bankid-no', { InsuranceRequestID: requestId });
    expect(retry.statusCode).toBe(201);
    // A payment mandate before a signed insurance mandate is refused
    const payment = await api.post('/insurance-payment-mandate/kid', {
      InsuranceRequestID: requestId,
      AccountNumber: ACCOUNT_OK,
    });
    expect(payment.statusCode).toBe(409);
  });

  it('lets only one of two racing signing orders through (201 and 409, never 500)', async () => {
    const { applicant, requestId } = await applicantWithRequest(t);
    const api = on(t, 'no-main', applicant.token);
    const body = { InsuranceRequestID: requestId };
    const statuses = (
      await Promise.all([
        api.post('/insurance/v2/mandate/bankid-no', body),
        api.post('/insurance/v2/mandate/bankid-no', body),
      ])
    ).map((response) => response.statusCode);
    expect(statuses.sort()).toEqual([201, 409]);
  });

  it('limits signing orders to 10 an hour per customer: the 11th is 429', async () => {
    const { applicant, requestId } = await applicantWithRequest(t);
    const api = on(t, 'no-main', applicant.token);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push(
        (await api.post('/insurance/v2/mandate/bankid-no', { InsuranceRequestID: requestId })).statusCode,
      );
    }
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1, 10)).toEqual(Array(9).fill(409));
    expect(statuses[10]).toBe(429);
  });

  it('refuses the wrong e-ID for the country (400) and an unknown provider (400)', async () => {
    const { applicant, requestId } = await applicantWithRequest(t);
    const api = on(t, 'no-main', applicant.token);
    const wrong = await api.post('/insurance/v2/mandate/bankid-se', { InsuranceRequestID: requestId });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().Errors[0].Field).toBe('provider');
    expect(
      (await api.post('/insurance/v2/mandate/nemid', { InsuranceRequestID: requestId })).statusCode,
    ).toBe(400);
    expect((await api.post('/insurance/v2/mandate/bankid-no', {})).statusCode).toBe(400);
  });
});

describe('the payment mandate', () => {
  it('becomes active after the provider answers, and the insurer then issues the policy', async () => {
    const { payment, request, api, requestId } = await activePolicy();
    expect(payment).toMatchObject({ Kind: 'kid', Status: 'active', PayerLast4: '8903', FailureReason: null });
    expect(request).toMatchObject({
      ID: requestId,
      Decision: 'approved',
      Mandate: { Status: 'signed' },
      PaymentMandate: { Status: 'active' },
      Policy: { Status: 'active', Insurer: 'Fjordliv', MonthlyPremium: 350, InsuredMonthlyAmount: 5_000 },
    });
    expect(request.Policy.PolicyNumber).toMatch(/^FJ-\d{4}-\d{9}$/);
    // GET with a query lists the request's mandates of that kind
    const listed = await api.get('/insurance-payment-mandate/kid', { InsuranceRequestID: requestId });
    expect(listed.json()).toEqual([payment]);
    expect(
      (await api.get('/insurance-payment-mandate/card', { InsuranceRequestID: requestId })).json(),
    ).toEqual([]);
    // Decided: no further mandates, and no second policy for the same person
    expect(
      (
        await api.post('/insurance-payment-mandate/kid', {
          InsuranceRequestID: requestId,
          AccountNumber: ACCOUNT_OK,
        })
      ).statusCode,
    ).toBe(409);
    const again = await api.post('/insurance/v2/eligibility', eligibleAnswers);
    expect(again.json()).toMatchObject({ Eligible: false, Reasons: ['already-insured'] });
  });

  it('is declined by the bank; the customer may try another account', async () => {
    const { applicant, requestId } = await applicantWithRequest(t);
    await signedMandate(t, applicant.token, requestId);
    const api = on(t, 'no-main', applicant.token);
    const started = await api.post('/insurance-payment-mandate/kid', {
      InsuranceRequestID: requestId,
      AccountNumber: ACCOUNT_DECLINED,
    });
    expect(started.json().Status).toBe('pending');
    t.clock.advance(2_000);
    const declined = await api.get(`/insurance-payment-mandate/kid/${started.json().ID}`);
    expect(declined.json()).toMatchObject({ Status: 'declined', FailureReason: 'account-not-debitable' });
    expect((await api.get('/insurance/v2/policy')).json()[0]).toMatchObject({
      Decision: 'new',
      Policy: null,
    });
    const retry = await api.post('/insurance-payment-mandate/bankid', {
      InsuranceRequestID: requestId,
      AccountNumber: ACCOUNT_OK,
    });
    expect(retry.statusCode).toBe(201);
  });

  it('fails with 503 when the provider does not answer, keeps the attempt, and succeeds on retry', async () => {
    const { applicant, requestId } = await applicantWithRequest(t);
    await signedMandate(t, applicant.token, requestId);
    const api = on(t, 'no-main', applicant.token);
    const body = { InsuranceRequestID: requestId, AccountNumber: '1234.56.78909' };
    const first = await api.post('/insurance-payment-mandate/bankid', body);
    expect(first.statusCode).toBe(503);
    expect(first.json()).toMatchObject({ Bad: true });
    const attempts = await api.get('/insurance-payment-mandate/bankid', { InsuranceRequestID: requestId });
    expect(attempts.json()).toMatchObject([{ Status: 'failed', FailureReason: 'provider-unavailable' }]);
    const second = await api.post('/insurance-payment-mandate/bankid', body);
    expect(second.statusCode).toBe(201);
    t.clock.advance(2_000);
    expect((await api.get(`/insurance-payment-mandate/bankid/${second.json().ID}`)).json().Status).toBe(
      'active',
    );
  });

  it('takes a card only as the payment form’s token, never a card number', async () => {
    const { applicant, requestId } = await applicantWithRequest(t);
    await signedMandate(t, applicant.token, requestId);
    const api = on(t, 'no-main', applicant.token);
    const number = await api.post('/insurance-payment-mandate/card', {
      InsuranceRequestID: requestId,
      CardToken: '4111111111111111',
    });
    expect(number.statusCode).toBe(400);
    const card = await api.post('/insurance-payment-mandate/card', {
      InsuranceRequestID: requestId,
      CardToken: 'tok_a1b2c3d4e5_1111',
    });
    expect(card.json()).toMatchObject({ Kind: 'card', PayerLast4: '1111', Status: 'pending' });
  });

  it.each([
    ['bs', { AccountNumber: '12345678903' }, 'kind'],
    ['kid', { AccountNumber: '123' }, 'AccountNumber'],
    ['kid', {}, 'AccountNumber'],
    ['card', {}, 'CardToken'],
  ])('refuses %s %j with 400 on %s', async (kind, payload, field) => {
    const { applicant, requestId } = await applicantWithRequest(t);
    await signedMandate(t, applicant.token, requestId);
    const response = await on(t, 'no-main', applicant.token).post(`/insurance-payment-mandate/${kind}`, {
      InsuranceRequestID: requestId,
      ...payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Errors[0].Field).toBe(field);
  });

  it('refuses an unknown kind and a missing query with 400', async () => {
    const applicant = await insuranceApplicant(t);
    const api = on(t, 'no-main', applicant.token);
    expect(
      (await api.post('/insurance-payment-mandate/paypal', { InsuranceRequestID: 'x' })).statusCode,
    ).toBe(400);
    expect((await api.get('/insurance-payment-mandate/kid')).statusCode).toBe(400);
  });
});

describe('access', () => {
  it('answers another customer 404 on every record, staff read by country, and only the customer signs', async () => {
    const { applicant, api, requestId, payment, request } = await activePolicy();
    const other = await insuranceApplicant(t);
    const theirs = on(t, 'no-main', other.token);
    const mandateId = request.Mandate.ID;
    expect((await theirs.get(`/insurance/v2/mandate/bankid-no/${mandateId}`)).statusCode).toBe(404);
    expect((await theirs.get(`/insurance-payment-mandate/kid/${payment.ID}`)).statusCode).toBe(404);
    expect(
      (await theirs.get('/insurance-payment-mandate/kid', { InsuranceRequestID: requestId })).statusCode,
    ).toBe(404);
    expect(
      (await theirs.post('/insurance/v2/mandate/bankid-no', { InsuranceRequestID: requestId })).statusCode,
    ).toBe(404);
    expect(
      (
        await theirs.post(`/insurance/v2/policy/${request.Policy.ID}/termination`, {
          Reason: 'customer-terminated',
        })
      ).statusCode,
    ).toBe(404);
    expect((await theirs.get('/insurance/v2/policy')).json()).toEqual([]);

    const norwegianStaff = await t.staffToken([{ Name: 'TelemarketingLimited', Country: 'NO' }]);
    const swedishStaff = await t.staffToken([{ Name: 'Sales', Country: 'SE' }]);
    const staffNo = on(t, 'no-main', norwegianStaff);
    const staffSe = on(t, 'no-main', swedishStaff);
    expect((await staffNo.get(`/insurance-payment-mandate/kid/${payment.ID}`)).statusCode).toBe(200);
    expect((await staffNo.get('/insurance/v2/policy', { PersonID: applicant.PersonID })).json()).toHaveLength(
      1,
    );
    expect((await staffSe.get(`/insurance-payment-mandate/kid/${payment.ID}`)).statusCode).toBe(404);
    expect((await staffSe.get('/insurance/v2/policy', { PersonID: applicant.PersonID })).statusCode).toBe(
      404,
    );
    expect((await staffNo.get('/insurance/v2/policy')).statusCode).toBe(400);
    // Read-only staff may not terminate; the customer's own record is unchanged
    const refused = await staffNo.post(`/insurance/v2/policy/${request.Policy.ID}/termination`, {
      Reason: 'death',
    });
    expect(refused.statusCode).toBe(403);
    expect((await api.get('/insurance/v2/policy')).json()[0].Policy.Status).toBe('active');
    expect((await on(t, 'no-main').get('/insurance/v2/policy')).statusCode).toBe(401);
  });

  it('refuses staff the signing of a customer’s mandate (403)', async () => {
    const { requestId } = await applicantWithRequest(t);
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const response = await on(t, 'no-main', sales).post('/insurance/v2/mandate/bankid-no', {
      InsuranceRequestID: requestId,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('termination', () => {
  it('lets the customer withdraw within 30 days', async () => {
    const { api, request } = await activePolicy();
    const url = `/insurance/v2/policy/${request.Policy.ID}/termination`;
    const withdrawn = await api.post(url, { Reason: 'customer-withdrew' });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ Status: 'terminated', TerminationReason: 'customer-withdrew' });
    expect((await api.post(url, { Reason: 'customer-terminated' })).statusCode).toBe(409);
    // With the policy ended, the customer may take out a new one
    expect((await api.post('/insurance/v2/eligibility', eligibleAnswers)).json().Eligible).toBe(true);
  });

  it('refuses a withdrawal after the period (409) but lets the customer terminate', async () => {
    const { applicant, request } = await activePolicy();
    const url = `/insurance/v2/policy/${request.Policy.ID}/termination`;
    t.clock.advance(31 * 24 * 3_600_000);
    const api = on(t, 'no-main', await applicant.relogin());
    expect((await api.post(url, { Reason: 'customer-withdrew' })).statusCode).toBe(409);
    const terminated = await api.post(url, { Reason: 'customer-terminated' });
    expect(terminated.json()).toMatchObject({
      Status: 'terminated',
      TerminationReason: 'customer-terminated',
    });
  });

  it.each(['age', 'death', 'insolvency', 'multiple-policies', 'screening', 'max-compensation', 'emigration'])(
    'records %s only from staff who may update applications in the country',
    async (reason) => {
      const { api, request } = await activePolicy();
      const url = `/insurance/v2/policy/${request.Policy.ID}/termination`;
      const asCustomer = await api.post(url, { Reason: reason });
      expect(asCustomer.statusCode).toBe(400);
      const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
      const asStaff = await on(t, 'no-main', sales).post(url, { Reason: reason });
      expect(asStaff.statusCode).toBe(200);
      expect(asStaff.json()).toMatchObject({ Status: 'terminated', TerminationReason: reason });
    },
  );

  it('audits a member of staff’s read of a person’s insurance and their ending of a policy (ADR 0020)', async () => {
    const { applicant, api, request } = await activePolicy();
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const staff = on(t, 'no-main', sales);
    const auditOf = async (subjectId: string) =>
      t.database.withSession((session) =>
        session.query<{ action: string; country: string; reason: string | null; details: unknown }>(
          `SELECT action, country, reason, details FROM audit_entry WHERE subject_id = '${subjectId}' ORDER BY at, id`,
        ),
      );
    // The customer's own read and ending are theirs: no staff audit line.
    await api.get('/insurance/v2/policy');
    expect(await auditOf(applicant.PersonID)).toEqual([]);

    await staff.get('/insurance/v2/policy', { PersonID: applicant.PersonID });
    expect(await auditOf(applicant.PersonID)).toEqual([
      {
        action: 'insurance.read',
        country: 'NO',
        reason: null,
        details: { InsuranceRequestIDs: [request.ID] },
      },
    ]);
    const ended = await staff.post(`/insurance/v2/policy/${request.Policy.ID}/termination`, {
      Reason: 'emigration',
    });
    expect(ended.statusCode).toBe(200);
    expect(await auditOf(request.Policy.ID)).toEqual([
      {
        action: 'insurance.policy.terminate',
        country: 'NO',
        reason: 'emigration',
        details: { InsuranceRequestID: request.ID },
      },
    ]);
    // A refused second ending writes nothing.
    expect(
      (await staff.post(`/insurance/v2/policy/${request.Policy.ID}/termination`, { Reason: 'death' }))
        .statusCode,
    ).toBe(409);
    expect(await auditOf(request.Policy.ID)).toHaveLength(1);
  });

  it('refuses an unknown reason with 400 and an unknown policy with 404', async () => {
    const { api, request } = await activePolicy();
    expect(
      (await api.post(`/insurance/v2/policy/${request.Policy.ID}/termination`, { Reason: 'bored' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await api.post('/insurance/v2/policy/not-an-id/termination', { Reason: 'customer-terminated' }))
        .statusCode,
    ).toBe(404);
  });

  it('denies the request when the applicant no longer qualifies at the decision', async () => {
    // Eligible at 64 and ten days short of 65; the payment arrives after the birthday
    const applicant = await insuranceApplicant(t, { age: 64 });
    let api = on(t, 'no-main', applicant.token);
    const requestId = (await api.post('/insurance/v2/eligibility', eligibleAnswers)).json().Request.ID;
    await signedMandate(t, applicant.token, requestId);
    const started = await api.post('/insurance-payment-mandate/kid', {
      InsuranceRequestID: requestId,
      AccountNumber: ACCOUNT_OK,
    });
    t.clock.advance(365 * 24 * 3_600_000);
    api = on(t, 'no-main', await applicant.relogin());
    await api.get(`/insurance-payment-mandate/kid/${started.json().ID}`);
    expect((await api.get('/insurance/v2/policy')).json()[0]).toMatchObject({
      Decision: 'denied',
      Policy: null,
    });
  });
});
