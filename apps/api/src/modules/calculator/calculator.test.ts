import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';

// The public calculator against regulation.md's worked figures (payments not rounded; A = upfront,
// B = financed), its validation, and its rate limit.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const loanCost = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/calculator/loan-cost', payload: payload as object });

// regulation.md "Worked figures": amount, years, nominal %, startup fee, monthly fee → A and B.
const cases = [
  {
    name: 'a',
    amount: 150_000,
    years: 5,
    rate: 11.9,
    startup: 950,
    monthly: 30,
    A: [3_359.09, 13.327],
    B: [3_380.18, 13.3222],
  },
  {
    name: 'b',
    amount: 65_000,
    years: 1,
    rate: 11.9,
    startup: 950,
    monthly: 30,
    A: [5_802.13, 16.877],
    B: [5_886.49, 16.8133],
  },
  {
    name: 'c',
    amount: 500_000,
    years: 15,
    rate: 6.95,
    startup: 495,
    monthly: 0,
    A: [4_480.18, 7.1927],
    B: [4_484.61, 7.1926],
  },
  {
    name: 'd',
    amount: 40_000,
    years: 15,
    rate: 6,
    startup: 0,
    monthly: 0,
    A: [337.54, 6.1678],
    B: [337.54, 6.1678],
  },
  {
    name: 'e',
    amount: 250_000,
    years: 12,
    rate: 12,
    startup: 7_500,
    monthly: 0,
    A: [3_283.55, 13.4279],
    B: [3_382.05, 13.4056],
  },
  {
    name: 'g',
    amount: 20_000,
    years: 2,
    rate: 0,
    startup: 950,
    monthly: 30,
    A: [863.33, 8.5171],
    B: [902.92, 8.1079],
  },
] as const;

describe('POST /calculator/loan-cost', () => {
  for (const example of cases) {
    for (const feeHandling of ['upfront', 'financed'] as const) {
      it(`case ${example.name}, ${feeHandling}`, async () => {
        const response = await loanCost({
          amount: example.amount,
          durationMonths: example.years * 12,
          nominalRate: example.rate,
          startupFee: example.startup,
          monthlyFee: example.monthly,
          feeHandling,
        });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(Object.keys(body).sort()).toEqual([
          'effectiveRate',
          'monthlyPayment',
          'totalCost',
          'totalPayable',
        ]);
        const [monthly, apr] = feeHandling === 'upfront' ? example.A : example.B;
        expect(body.monthlyPayment).toBeCloseTo(monthly, 2);
        expect(body.effectiveRate).toBeCloseTo(apr, 4);
        expect(body.totalCost).toBeCloseTo(body.totalPayable - example.amount, 6);
      });
    }
  }

  it('gives case a (upfront) total cost 52,495.53 and total payable 202,495.53, unrounded', async () => {
    const body = (
      await loanCost({
        amount: 150_000,
        durationMonths: 60,
        nominalRate: 11.9,
        startupFee: 950,
        monthlyFee: 30,
        feeHandling: 'upfront',
      })
    ).json();
    expect(body.totalCost).toBeCloseTo(52_495.53, 2);
    expect(body.totalPayable).toBeCloseTo(202_495.53, 2);
    expect(Number.isInteger(body.totalCost * 100)).toBe(false);
  });

  it('answers 400 with field errors for nonsense', async () => {
    const valid = {
      amount: 1_000,
      durationMonths: 12,
      nominalRate: 5,
      startupFee: 0,
      monthlyFee: 0,
      feeHandling: 'upfront',
    };
    const fieldsOf = async (payload: unknown) => {
      const response = await loanCost(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().Bad).toBe(true);
      return response.json().Errors.map((error: { Field: string }) => error.Field);
    };
    expect(await fieldsOf({ ...valid, amount: -5 })).toContain('amount');
    expect(await fieldsOf({ ...valid, durationMonths: 0 })).toContain('durationMonths');
    expect(await fieldsOf({ ...valid, durationMonths: 1.5 })).toContain('durationMonths');
    expect(await fieldsOf({ ...valid, nominalRate: -1 })).toContain('nominalRate');
    expect(await fieldsOf({ ...valid, feeHandling: 'sometimes' })).toContain('feeHandling');
    expect(await fieldsOf({ ...valid, startupFee: 1_000 })).toContain('startupFee');
    expect(await fieldsOf({ amount: 1_000 })).toEqual(
      expect.arrayContaining(['durationMonths', 'nominalRate', 'startupFee', 'monthlyFee', 'feeHandling']),
    );
    // Numbers so large the figures would overflow to Infinity are refused, not answered with a 500.
    expect(await fieldsOf({ ...valid, amount: 1e308 })).toContain('amount');
    expect(await fieldsOf({ ...valid, monthlyFee: 1e308 })).toContain('monthlyFee');
  });

  it('answers the extremes it accepts with finite figures', async () => {
    for (const feeHandling of ['upfront', 'financed'] as const) {
      const response = await loanCost({
        amount: 1_000_000_000,
        durationMonths: 600,
        nominalRate: 100,
        startupFee: feeHandling === 'upfront' ? 999_999_999 : 1_000_000_000,
        monthlyFee: 1_000_000_000,
        feeHandling,
      });
      expect(response.statusCode).toBe(200);
      for (const value of Object.values(response.json())) expect(Number.isFinite(value)).toBe(true);
    }
  });
});

describe('GET /calculator/representative-example', () => {
  const example = (query: string) =>
    t.app.inject({ method: 'GET', url: `/calculator/representative-example?${query}` });

  it("answers the brand's example in its language and number format (no-main: the regulation.md sentence, fee upfront, ADR 0004)", async () => {
    const response = await example('brand=no-main&amount=150000&duration=5');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      brand: 'no-main',
      locale: 'nb-NO',
      currency: 'NOK',
      amount: 150_000,
      durationYears: 5,
      nominalRate: 11.9,
      feeHandling: 'upfront',
      effectiveRate: 13.3,
      totalCost: 52_496,
      totalPayable: 202_496,
    });
    expect(response.json().text.replace(/\s/g, ' ')).toBe(
      'Eff. rente 13,3 %, 150 000 kr o/5 år. Kost: 52 496 kr. Totalt: 202 496 kr.',
    );
  });

  it('uses the brand defaults, and formats Danish and Finnish examples their own way', async () => {
    const danish = (await example('brand=dk-main')).json();
    expect(danish.text.replace(/\s/g, ' ')).toBe(
      'ÅOP 11,5 %, 100.000 kr. over 5 år. Samlede kreditomkostninger: 29.835 kr. Samlet tilbagebetalingsbeløb: 129.835 kr.',
    );
    const finnish = (await example('brand=fi-main&amount=40000&duration=15')).json();
    expect(finnish.text.replace(/\s/g, ' ')).toBe(
      'Todellinen vuosikorko 6,2 %, luoton määrä 40 000 €, laina-aika 15 vuotta. Kuukausierä 337,54 €. Luottokustannukset yhteensä 20 758 €. Takaisin maksettava yhteensä 60 758 €.',
    );
    expect((await example('brand=se-main')).json().text).toMatch(/^Effektiv ränta 7,2\s%/);
  });

  it('answers 400 with field errors for nonsense and amounts outside the brand bounds', async () => {
    const fields = async (query: string) => {
      const response = await example(query);
      expect(response.statusCode).toBe(400);
      return response.json().Errors.map((error: { Field: string }) => error.Field);
    };
    expect(await fields('brand=no-main&amount=-150000&duration=5')).toContain('amount');
    expect(await fields('brand=no-main&amount=150000&duration=0')).toContain('duration');
    expect(await fields('brand=no-main&amount=abc&duration=5')).toContain('amount');
    expect(await fields('brand=nowhere&amount=150000&duration=5')).toContain('brand');
    expect(await fields('amount=150000&duration=5')).toContain('brand');
    expect(await fields('brand=no-main&amount=5000000&duration=5')).toContain('amount');
    expect(await fields('brand=no-main&amount=150000&duration=25')).toContain('duration');
  });

  it('refuses examples Denmark forbids: marketing above 25 % ÅOP, and any offer above the 35 % cap', async () => {
    const marketing = await example('brand=dk-main&amount=15000&duration=1');
    expect(marketing.statusCode).toBe(400);
    expect(
      marketing
        .json()
        .Errors.map((error: { Message: string }) => error.Message)
        .join(),
    ).toMatch(/markedsføringsloven/);
    const cap = await example('brand=dk-main&amount=10000&duration=1');
    expect(cap.statusCode).toBe(400);
    expect(cap.json().Errors[0].Message).toMatch(/Danish cap of 35 %/);
    expect((await example('brand=dk-main&amount=20000&duration=1')).statusCode).toBe(200);
  });

  it('needs no token and is rate-limited', async () => {
    const limited = await createTestApp();
    try {
      let last = 0;
      for (let call = 0; call < 125; call++) {
        last = (
          await limited.app.inject({ method: 'GET', url: '/calculator/representative-example?brand=se-main' })
        ).statusCode;
        if (last === 429) break;
      }
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
