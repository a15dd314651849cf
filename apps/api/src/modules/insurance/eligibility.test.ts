import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { eligibleAnswers, insuranceApplicant, on } from './insurance-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /insurance/v2/eligibility', () => {
  it('answers the brand offer with a price example beside every cover, and what we know of the caller', async () => {
    const applicant = await insuranceApplicant(t, { age: 40 });
    const response = await on(t, 'no-main', applicant.token).get('/insurance/v2/eligibility');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      Brand: 'no-main',
      Country: 'NO',
      Currency: 'NOK',
      Sold: true,
      Insurer: 'Fjordliv',
      EIdentityProvider: 'bankid-no',
      PaymentKinds: ['kid', 'bankid', 'card'],
      BrandPriceExample: { MonthlyCost: 350, TotalCost: 5858 },
      Eligible: true,
      Reasons: [],
    });
    expect(body.Coverages).toContainEqual({
      InsuredMonthlyAmount: 5_000,
      MonthlyPremium: 350,
      PriceExample: { Months: 12, TotalCost: 4_200 },
    });
  });

  it('says not sold on a brand without insurance, and too old for a 66-year-old', async () => {
    const applicant = await insuranceApplicant(t, { age: 66 });
    const noInsurance = (await on(t, 'no-alt1', applicant.token).get('/insurance/v2/eligibility')).json();
    expect(noInsurance).toMatchObject({ Sold: false, Coverages: [], Eligible: false });
    expect(noInsurance.Reasons).toEqual(['not-sold-in-country', 'too-old']);
    const dk = (await on(t, 'dk-main', applicant.token).get('/insurance/v2/eligibility')).json();
    expect(dk.Sold).toBe(false);
  });

  it('answers staff the offer with nothing personal checked, and no token 401', async () => {
    const staff = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const body = (await on(t, 'no-main', staff).get('/insurance/v2/eligibility')).json();
    expect(body).toMatchObject({ Sold: true, Eligible: null, Reasons: [] });
    expect((await on(t, 'no-main').get('/insurance/v2/eligibility')).statusCode).toBe(401);
  });
});

describe('POST /insurance/v2/eligibility', () => {
  it('records an InsuranceRequest (decision new) for an eligible applicant who opted in', async () => {
    const applicant = await insuranceApplicant(t);
    const response = await on(t, 'no-main', applicant.token).post(
      '/insurance/v2/eligibility',
      eligibleAnswers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Eligible: true,
      Reasons: [],
      Request: {
        PersonID: applicant.PersonID,
        Country: 'NO',
        Insurer: 'Fjordliv',
        InsuredMonthlyAmount: 5_000,
        MonthlyPremium: 350,
        Decision: 'new',
        Mandate: null,
        Policy: null,
      },
    });
    // A second check with another cover changes the same undecided request
    const again = await on(t, 'no-main', applicant.token).post('/insurance/v2/eligibility', {
      ...eligibleAnswers,
      InsuredMonthlyAmount: 10_000,
    });
    expect(again.json().Request).toMatchObject({ ID: response.json().Request.ID, MonthlyPremium: 700 });
  });

  it.each([
    [{ age: 17 }, {}, ['too-young']],
    [{ age: 65 }, {}, ['too-old']],
    [{}, { EmploymentStatus: 'self-employed' }, ['not-permanently-employed']],
    [{}, { EmploymentStatus: 'temporary' }, ['not-permanently-employed']],
    [{}, { EmployedMonths: 5 }, ['employed-too-short']],
    [{}, { HoursPerWeek: 15 }, ['too-few-hours']],
    [{}, { ResidentInCountry: false }, ['not-resident']],
    [{}, { FitForWork: false }, ['not-fit-for-work']],
    [
      { age: 70 },
      { EmploymentStatus: 'retired', FitForWork: false },
      ['too-old', 'not-permanently-employed', 'not-fit-for-work'],
    ],
  ])('refuses %j %j for %j and stores no request', async (who, answers, reasons) => {
    const applicant = await insuranceApplicant(t, who);
    const api = on(t, 'no-main', applicant.token);
    const response = await api.post('/insurance/v2/eligibility', { ...eligibleAnswers, ...answers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Eligible: false, Reasons: reasons, Request: null });
    expect((await api.get('/insurance/v2/policy')).json()).toEqual([]);
  });

  it('keeps one undecided request per person when two checks race', async () => {
    const applicant = await insuranceApplicant(t);
    const api = on(t, 'no-main', applicant.token);
    const answers = await Promise.all([
      api.post('/insurance/v2/eligibility', eligibleAnswers),
      api.post('/insurance/v2/eligibility', { ...eligibleAnswers, InsuredMonthlyAmount: 7_500 }),
    ]);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    expect((await api.get('/insurance/v2/policy')).json()).toHaveLength(1);
  });

  it('is eligible at 18 and at 64, the ends of the age band', async () => {
    for (const age of [18, 64]) {
      const applicant = await insuranceApplicant(t, { age });
      const response = await on(t, 'no-main', applicant.token).post(
        '/insurance/v2/eligibility',
        eligibleAnswers,
      );
      expect(response.json().Eligible, `age ${age}`).toBe(true);
    }
  });

  it('treats someone registered in Sweden as not resident on a Norwegian brand', async () => {
    const swede = await insuranceApplicant(t, { country: 'SE' });
    const response = await on(t, 'no-main', swede.token).post('/insurance/v2/eligibility', eligibleAnswers);
    expect(response.json().Reasons).toEqual(['not-resident']);
    const home = await on(t, 'se-main', swede.token).post('/insurance/v2/eligibility', eligibleAnswers);
    expect(home.json()).toMatchObject({ Eligible: true, Request: { Country: 'SE', Insurer: 'NordTrygg' } });
  });

  it('answers not sold on a brand without insurance', async () => {
    const applicant = await insuranceApplicant(t);
    const response = await on(t, 'no-alt1', applicant.token).post(
      '/insurance/v2/eligibility',
      eligibleAnswers,
    );
    expect(response.json()).toEqual({ Eligible: false, Reasons: ['not-sold-in-country'], Request: null });
  });

  it.each([
    [{ ...eligibleAnswers, OptIn: false }, 'OptIn'],
    [{ ...eligibleAnswers, OptIn: undefined }, 'OptIn'],
    [{ ...eligibleAnswers, InsuredMonthlyAmount: 4_000 }, 'InsuredMonthlyAmount'],
    [{ ...eligibleAnswers, InsuredMonthlyAmount: '5000' }, 'InsuredMonthlyAmount'],
    [{ ...eligibleAnswers, EmploymentStatus: 'astronaut' }, 'EmploymentStatus'],
    [{ ...eligibleAnswers, EmployedMonths: -1 }, 'EmployedMonths'],
    [{ ...eligibleAnswers, HoursPerWeek: 500 }, 'HoursPerWeek'],
    [{ ...eligibleAnswers, Extra: 1 }, ''],
  ])('refuses bad input %j with 400 naming %s', async (payload, field) => {
    const applicant = await insuranceApplicant(t);
    const response = await on(t, 'no-main', applicant.token).post('/insurance/v2/eligibility', payload);
    expect(response.statusCode).toBe(400);
    if (field) expect(response.json().Errors.map((e: { Field: string }) => e.Field)).toContain(field);
  });

  it('refuses staff 403, no token 401, and someone else’s loan application 404', async () => {
    const staff = await t.staffToken([{ Name: 'Super' }]);
    expect(
      (await on(t, 'no-main', staff).post('/insurance/v2/eligibility', eligibleAnswers)).statusCode,
    ).toBe(403);
    expect((await on(t, 'no-main').post('/insurance/v2/eligibility', eligibleAnswers)).statusCode).toBe(401);
    const applicant = await insuranceApplicant(t);
    const response = await on(t, 'no-main', applicant.token).post('/insurance/v2/eligibility', {
      ...eligibleAnswers,
      LoanApplicationID: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(404);
  });
});
