import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '#src/modules/audit/audit.service.ts';
import { credentialsOf } from '#src/modules/lending/lender-api/lender-credentials.ts';
import { createRegisterPanel } from '#src/modules/lending/lender-panel/register-panel.ts';
import { listQuotes } from '#src/modules/lending/loan-quote.repository.ts';
import { listLoanRequests } from '#src/modules/lending/loan-request.repository.ts';
import {
  type CreatedApplication,
  createCompleteApplication,
  fixedExternalData,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { testSandboxEndpointsOf } from '#src/test/test-lender-sandbox.ts';

// Issue 33 item 6 (docs/decisions/0068) through the API: a Manager adds two portal lenders and a user of
// each; a lender user sees only its own lender's applications (another's is 404), the minimised application
// and never another lender's offer or our commission; its offer and decline are recorded as the lender's
// callbacks (the applicant's offers list has the offer); every read is audited; no one else gets in.

let t: TestApp;
const panel = createRegisterPanel({
  // The simulated lenders at the test sandbox (ADR 0083).
  endpointsOf: testSandboxEndpointsOf,
  fallbackCredentials: credentialsOf({}, { sandboxSecrets: true }),
});
let manager: string;
const users: Record<string, string> = {};
let application: CreatedApplication;
const references: Record<string, string> = {};

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const portal = '/backoffice/lender-portal';

async function addPortalLender(id: string, name: string) {
  const lender = await call('POST', '/backoffice/lenders', manager, {
    ID: id,
    Name: name,
    Country: 'NO',
    OrganisationNumber: '919000010',
    Products: ['UnsecuredLoan'],
    Channel: 'portal',
    CommissionPercent: 3.25,
  });
  expect(lender.statusCode).toBe(201);
  const user = await call('POST', `/backoffice/lenders/${id}/users`, manager, {
    Name: `${name} Saksbehandler`,
    Email: `saksbehandler@${id}.example`,
  });
  expect(user.statusCode).toBe(201);
  users[id] = (await t.tokens.sign({
    Roles: [{ Name: 'Lender', Country: 'NO' }],
    sub: user.json().ID,
  })) as string;
}

beforeAll(async () => {
  t = await createTestApp({ deps: { panel, lenderCredentials: panel.credentials } });
  manager = await t.staffToken([{ Name: 'Manager', Country: 'NO' }], 'Portal Manager');
  await addPortalLender('no-portalbanken', 'Portalbanken');
  await addPortalLender('no-andrebanken', 'Andrebanken');
  application = await createCompleteApplication(t, { country: 'NO', amount: 150_000, duration: 5 });
  await submit(t, application);
  await testWorker(t, { panel, externalData: fixedExternalData() }).runUntilIdle();
  for (const request of await listLoanRequests(t.database.db, application.id))
    references[request.lenderId] = request.id;
});
afterAll(async () => t.close());

describe('the lender portal', () => {
  it('sends the application to both portal lenders; each user lists only its own', async () => {
    expect(references['no-portalbanken']).toBeDefined();
    expect(references['no-andrebanken']).toBeDefined();
    const list = await call('GET', `${portal}/applications`, users['no-portalbanken']!);
    expect(list.statusCode).toBe(200);
    const items = list.json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      ApplicationReference: references['no-portalbanken'],
      Amount: 150_000,
      DurationMonths: 60,
      AwaitingAnswer: true,
    });
    expect(list.body).not.toContain(references['no-andrebanken']!);
    expect(list.body).not.toContain(application.id);
  });

  it("answers 404 for another lender's application, as if it did not exist", async () => {
    const other = await call(
      'GET',
      `${portal}/applications/${references['no-andrebanken']}`,
      users['no-portalbanken']!,
    );
    expect(other.statusCode).toBe(404);
    const simulated = references['no-fjordbanken']!;
    expect(
      (await call('GET', `${portal}/applications/${simulated}`, users['no-portalbanken']!)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `${portal}/applications/not-a-uuid`, users['no-portalbanken']!)).statusCode,
    ).toBe(404);
    const offer = {
      Amount: 150_000,
      DurationMonths: 60,
      NominalRatePercent: 9.9,
      StartupFee: 0,
      MonthlyFee: 0,
    };
    const forged = await call(
      'POST',
      `${portal}/applications/${references['no-andrebanken']}/offer`,
      users['no-portalbanken']!,
      offer,
    );
    expect(forged.statusCode).toBe(404);
    expect(
      (await listQuotes(t.database.db, application.id)).some((q) => q.lenderId === 'no-andrebanken'),
    ).toBe(false);
  });

  it('a lender user makes an offer: recorded as the lender’s callback, shown to the applicant', async () => {
    const reference = references['no-portalbanken']!;
    const response = await call(
      'POST',
      `${portal}/applications/${reference}/offer`,
      users['no-portalbanken']!,
      {
        Amount: 150_000,
        DurationMonths: 60,
        NominalRatePercent: 8.9,
        StartupFee: 500,
        MonthlyFee: 30,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().Outcome).toBe('applied');
    const quotes = (await listQuotes(t.database.db, application.id)).filter(
      (q) => q.lenderId === 'no-portalbanken',
    );
    expect(quotes).toHaveLength(1);
    expect(quotes[0]).toMatchObject({
      amount: 150_000,
      durationMonths: 60,
      nominalRate: 8.9,
      status: 'approved',
    });
    const shown = await t.app.inject({
      method: 'GET',
      url: `/loan-quote-presentation/v2/application/${application.id}/quotes`,
      headers: bearer(application.token),
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('no-portalbanken');
    // Named as the lender table says (a lender added as data is not in the code list).
    expect(shown.body).toContain('"Portalbanken"');
  });

  it('shows the minimised application and only its own offer: no other lender’s, no commission', async () => {
    // The other portal lender declines with a reason code.
    const declined = await call(
      'POST',
      `${portal}/applications/${references['no-andrebanken']}/decline`,
      users['no-andrebanken']!,
      { ReasonCode: 'DEBT_TO_INCOME', Reason: 'Too much debt for our policy' },
    );
    expect(declined.json().Outcome).toBe('applied');
    const request = (await listLoanRequests(t.database.db, application.id)).find(
      (candidate) => candidate.lenderId === 'no-andrebanken',
    );
    expect(request).toMatchObject({ status: 369, reasonCode: 'DEBT_TO_INCOME' });

    const detail = await call(
      'GET',
      `${portal}/applications/${references['no-portalbanken']}`,
      users['no-portalbanken']!,
    );
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.Offers).toHaveLength(1);
    expect(body.Application.Applicants[0]).toHaveProperty('Age');
    expect(body.Application.Applicants[0]).not.toHaveProperty('NationalId');
    expect(body.Application).not.toHaveProperty('RandomnessKey');
    expect(detail.body).not.toMatch(/ommission|3\.25|no-fjordbanken|no-andrebanken/);
    expect(detail.body).not.toContain(application.nationalId);

    const audit = await listAudit(t.database.db, { offset: 0, limit: 50 });
    const actions = audit.Items.map((item: { Action: string }) => item.Action);
    expect(actions).toEqual(
      expect.arrayContaining(['lenderPortal.list', 'lenderPortal.read', 'lenderPortal.offer']),
    );
  });

  it('lets no one else in: a Sales agent, a Lender without a lender, an applicant', async () => {
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }], 'Portal Sales');
    expect((await call('GET', `${portal}/applications`, sales)).statusCode).toBe(403);
    const loose = await t.staffToken([{ Name: 'Lender', Country: 'NO' }], 'Lender Without Lender');
    expect((await call('GET', `${portal}/applications`, loose)).statusCode).toBe(403);
    expect((await call('GET', `${portal}/applications`, application.token)).statusCode).toBe(403);
    // A Manager of another country cannot add users to a Norwegian lender.
    const swede = await t.staffToken([{ Name: 'Manager', Country: 'SE' }], 'Swedish Manager');
    const refused = await call('POST', '/backoffice/lenders/no-portalbanken/users', swede, {
      Name: 'Intruder',
      Email: 'intruder@example.com',
    });
    expect(refused.statusCode).toBe(403);
  });
});
