import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realEstate } from '#src/db/schema/backoffice.ts';
import { applicationOf, newApplicant } from '#src/test/customer-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import {
  createLocalPropertyRegister,
  type PropertyLookupResult,
  type PropertyRegister,
  registerMessages,
} from './property-register.ts';
import { securedLoanMessages } from './secured-loan.service.ts';

// Secured loans (issue 10, ADR 0027): the property, its register lookup, loan-to-value, the case documents
// and the submission rule — through the API on a real database.

// The stand-in register, except that a test may hold its answer back to look at the row in the meantime.
let heldAnswer: Promise<void> | null = null;
const localRegister = createLocalPropertyRegister({ delayMs: 0 });
const register: PropertyRegister = {
  async lookUp(query): Promise<PropertyLookupResult> {
    if (heldAnswer) await heldAnswer;
    return localRegister.lookUp(query);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: { propertyRegister: register } });
});
afterAll(async () => t?.close());

const oslo = {
  Street: 'Storgata',
  StreetNumber: '1',
  Postcode: '0155',
  Municipality: 'Oslo',
  PropertyType: 'Apartment building',
  OwnershipType: 'Freehold',
  EstimatedValue: 5_000_000,
  ExistingMortgage: 2_400_000,
};

async function securedApplication(
  options: {
    amount?: number;
    coApplicant?: boolean;
    consent?: boolean;
    product?: 'SecuredLoan' | 'UnsecuredLoan';
  } = {},
) {
  const owner = await newApplicant(t);
  const row = await applicationOf(t, owner, { product: options.product ?? 'SecuredLoan' });
  const co = options.coApplicant ? await newApplicant(t) : null;
  await t.database.db.execute(
    `UPDATE loan_application SET amount = ${options.amount ?? 3_000_000}, duration_years = 25,
       data = '${JSON.stringify(options.consent ? { CreditCheckConsent: { Given: true, At: new Date().toISOString() } } : {})}'::jsonb,
       co_applicant_person_id = ${co ? `'${co.PersonID}'` : 'NULL'},
       applicant_mode = '${co ? 'Normal' : 'OnlyMainApplicant'}'
     WHERE id = '${row.id}'` as never,
  );
  return { owner, co, id: row.id };
}

const putProperty = (id: string, token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/loan-application/${id}/property`, headers: bearer(token), payload });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
function uploadPng(id: string, token: string, category: string, owner: string) {
  const boundary = `----nordloan${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="Category"\r\n\r\n${category}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="Owner"\r\n\r\n${owner}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${category}.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/loan-application/${id}/documents`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

describe('PUT /loan-application/{id}/property', () => {
  it('looks the home up in the register and computes loan-to-value on the lower of the two values', async () => {
    const { owner, id } = await securedApplication({ amount: 3_000_000 });
    const response = await putProperty(id, owner.token, oslo);
    expect(response.statusCode).toBe(200);
    const property = response.json();
    expect(property).toMatchObject({
      LoanApplicationID: id,
      LookupStatus: 'success',
      LookupMessage: null,
      // The register says 4.8 mill., the applicant 5 mill.: lenders lend against 4.8 mill.
      RegisterValue: 4_800_000,
      ValueUsed: 4_800_000,
      LoanToValue: 62.5,
      MaxLoanToValue: 90,
      WithinLimit: true,
      ExistingMortgage: 2_400_000,
      CooperativeCommonDebt: 0,
    });
    // A valued property needs no valuation report; one applicant: a payslip and a tax return.
    expect(property.DocumentRequirements).toEqual([
      { Category: 'payslip', Owner: 'main-applicant', Received: false },
      { Category: 'tax-return', Owner: 'main-applicant', Received: false },
    ]);
    const again = await t.app.inject({
      url: `/loan-application/${id}/property`,
      headers: bearer(owner.token),
    });
    expect(again.json()).toEqual(property);
  });

  it('an address the register does not know is missing_data: the estimate is used until a valuation report comes', async () => {
    const { owner, id } = await securedApplication({ amount: 2_000_000 });
    const response = await putProperty(id, owner.token, {
      ...oslo,
      Street: 'Ukjentveien',
      StreetNumber: '7a',
      EstimatedValue: 2_500_000,
      ExistingMortgage: 1_000_000,
    });
    expect(response.json()).toMatchObject({
      LookupStatus: 'missing_data',
      LookupMessage: registerMessages.notFound,
      RegisterValue: null,
      ValueUsed: 2_500_000,
      LoanToValue: 80,
      StreetNumber: '7A',
    });
    expect(response.json().DocumentRequirements).toContainEqual({
      Category: 'property-value',
      Owner: 'main-applicant',
      Received: false,
    });
  });

  it('a register error is recorded; saving again asks again and keeps one property per application', async () => {
    const { owner, id } = await securedApplication();
    const failed = await putProperty(id, owner.token, {
      ...oslo,
      Street: 'Feilgata',
      StreetNumber: '1',
      Postcode: '0001',
    });
    expect(failed.json()).toMatchObject({ LookupStatus: 'error', LookupMessage: registerMessages.failed });
    const retried = await putProperty(id, owner.token, oslo);
    expect(retried.json()).toMatchObject({ LookupStatus: 'success', ID: failed.json().ID });
    const rows = await t.database.db.select().from(realEstate).where(eq(realEstate.id, failed.json().ID));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'Applicant',
      totalMarketValueEstimate: 4_800_000,
      existingMortgage: 2_400_000,
    });
  });

  it('a value staff approved after a valuation report is what loan-to-value is computed on', async () => {
    const { owner, id } = await securedApplication({ amount: 3_000_000 });
    const saved = (await putProperty(id, owner.token, oslo)).json();
    await t.database.db
      .update(realEstate)
      .set({ totalMarketValueEstimateApproved: 4_000_000 })
      .where(eq(realEstate.id, saved.ID));
    const property = (
      await t.app.inject({ url: `/loan-application/${id}/property`, headers: bearer(owner.token) })
    ).json();
    expect(property).toMatchObject({ RegisterValue: 4_800_000, ValueUsed: 4_000_000, LoanToValue: 75 });
  });

  it('reads `requested` while the register has not answered', async () => {
    const { owner, id } = await securedApplication();
    let release: () => void = () => {};
    heldAnswer = new Promise((resolve) => {
      release = resolve;
    });
    const pending = putProperty(id, owner.token, oslo);
    let seen: string | undefined;
    for (let attempt = 0; attempt < 50 && seen !== 'requested'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const now = await t.app.inject({
        url: `/loan-application/${id}/property`,
        headers: bearer(owner.token),
      });
      if (now.statusCode === 200) seen = now.json().LookupStatus;
    }
    heldAnswer = null;
    release();
    expect(seen).toBe('requested');
    expect((await pending).json().LookupStatus).toBe('success');
  });

  it('asks the co-applicant for a payslip and a tax return too, and marks what was uploaded', async () => {
    const { owner, id } = await securedApplication({ coApplicant: true });
    await putProperty(id, owner.token, oslo);
    expect((await uploadPng(id, owner.token, 'payslip', 'co-applicant')).statusCode).toBe(201);
    const property = (
      await t.app.inject({ url: `/loan-application/${id}/property`, headers: bearer(owner.token) })
    ).json();
    expect(property.DocumentRequirements).toEqual([
      { Category: 'payslip', Owner: 'main-applicant', Received: false },
      { Category: 'tax-return', Owner: 'main-applicant', Received: false },
      { Category: 'payslip', Owner: 'co-applicant', Received: true },
      { Category: 'tax-return', Owner: 'co-applicant', Received: false },
    ]);
  });

  it.each([
    ['a postcode that is not four digits', { Postcode: '01555' }, 'Postcode'],
    ['common debt on a freehold home', { CooperativeCommonDebt: 100_000 }, 'CooperativeCommonDebt'],
    ['a mortgage above the value', { ExistingMortgage: 6_000_000 }, 'ExistingMortgage'],
    ['an unknown property type', { PropertyType: 'Castle' }, 'PropertyType'],
    ['a value below 100 000', { EstimatedValue: 50_000 }, 'EstimatedValue'],
  ])('refuses %s with a 400 naming the field', async (_name, change, field) => {
    const { owner, id } = await securedApplication();
    const response = await putProperty(id, owner.token, { ...oslo, ...change });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
  });

  it('is only for the applicant’s own secured loan', async () => {
    const { owner, id } = await securedApplication({ product: 'UnsecuredLoan' });
    const unsecured = await putProperty(id, owner.token, oslo);
    expect(unsecured.statusCode).toBe(409);
    expect(unsecured.json().message ?? unsecured.body).toContain(securedLoanMessages.notSecured);
    const secured = await securedApplication();
    const stranger = await newApplicant(t);
    expect((await putProperty(secured.id, stranger.token, oslo)).statusCode).toBe(404);
    expect((await putProperty(secured.id, '', oslo)).statusCode).toBe(401);
    const none = await t.app.inject({
      url: `/loan-application/${secured.id}/property`,
      headers: bearer(secured.owner.token),
    });
    expect(none.statusCode).toBe(404);
  });
});

describe('submitting a secured loan (PATCH …/application-complete)', () => {
  const submit = (id: string, token: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/loan-application/${id}/application-complete`,
      headers: bearer(token),
    });

  it('is refused without a property', async () => {
    const { owner, id } = await securedApplication({ consent: true });
    const response = await submit(id, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('A secured loan needs the property it is secured on');
  });

  it('is refused above the 90 % loan-to-value ceiling, and when the loan does not pay off the mortgage', async () => {
    const high = await securedApplication({ consent: true, amount: 4_500_000 });
    await putProperty(high.id, high.owner.token, oslo);
    const tooHigh = await submit(high.id, high.owner.token);
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.body).toContain('Loan-to-value 93.8 % is above the limit of 90 %');

    const low = await securedApplication({ consent: true, amount: 2_000_000 });
    await putProperty(low.id, low.owner.token, oslo);
    const tooLow = await submit(low.id, low.owner.token);
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.body).toContain('Amount must at least pay off the existing mortgage');
  });

  it('is accepted within the ceiling, after which the property can no longer change', async () => {
    const { owner, id } = await securedApplication({ consent: true, amount: 3_000_000 });
    await putProperty(id, owner.token, oslo);
    const response = await submit(id, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().Status).toBe(160);
    const change = await putProperty(id, owner.token, oslo);
    expect(change.statusCode).toBe(409);
    expect(change.body).toContain(securedLoanMessages.sent);
  });
});
