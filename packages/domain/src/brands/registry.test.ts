import { describe, expect, it } from 'vitest';
import { calculateLoanCost } from '../finance/loan-math.ts';
import { brandConfigSchema, brandIdSchema, contrastRatio } from './brand-config.schema.ts';
import {
  BrandNotFoundError,
  brandIds,
  brands,
  consentBrandOf,
  DEFAULT_BRAND_ID,
  getBrand,
} from './registry.ts';
import { brandExampleCapProblems, validateBrandRegistry } from './registry-validation.ts';
import { exampleLoanCostInput } from './unsecured-bounds.ts';

const allBrands = brandIds.map((id) => brands[id]);

describe('brand registry', () => {
  it('holds exactly the 15 ids of brands.md', () => {
    expect([...brandIds].sort()).toEqual(
      [
        'no-main',
        'no-compare',
        'no-alt1',
        'no-alt2',
        'no-alt3',
        'no-alt4',
        'se-main',
        'se-compare',
        'se-alt1',
        'se-alt2',
        'fi-main',
        'fi-compare',
        'fi-group-a',
        'fi-group-b',
        'dk-main',
      ].sort(),
    );
    expect(Object.keys(brands).sort()).toEqual([...brandIds].sort());
    expect(brandIdSchema.safeParse('xx-main').success).toBe(false);
  });

  it.each(brandIds)('%s parses with the schema and is filed under its own id', (id) => {
    const parsed = brandConfigSchema.parse(brands[id]);
    expect(parsed.brand).toBe(id);
    expect(parsed.theme.brand).toBe(id);
  });

  it('validates as a whole', () => {
    expect(() => validateBrandRegistry()).not.toThrow();
  });

  it('has the §9 per-country counts (DK 1, FI 4, NO 6, SE 4)', () => {
    const counts: Record<string, number> = {};
    for (const brand of allBrands) counts[brand.country] = (counts[brand.country] ?? 0) + 1;
    expect(counts).toEqual({ DK: 1, FI: 4, NO: 6, SE: 4 });
  });

  it('uses fictional, distinct domains under .example', () => {
    const domains = allBrands.map((brand) => brand.domain);
    expect(new Set(domains).size).toBe(15);
    expect(brands['no-main'].domain).toBe('lan-norge.example');
    for (const brand of allBrands) {
      expect(brand.domain.endsWith('.example')).toBe(true);
      expect(brand.contact.email.endsWith(`@${brand.domain}`)).toBe(true);
    }
  });

  it('keeps secrets out: CMS tokens are env references', () => {
    for (const brand of allBrands) {
      for (const env of Object.values(brand.environments)) {
        expect(env.cms.previewToken).toMatch(/^env:CMS_PREVIEW_TOKEN_/);
        expect(env.cms.productionToken).toMatch(/^env:CMS_PRODUCTION_TOKEN_/);
      }
    }
  });

  it('defaults to se-main', () => {
    expect(DEFAULT_BRAND_ID).toBe('se-main');
    expect(getBrand(DEFAULT_BRAND_ID).country).toBe('SE');
  });

  it('throws the §8 message for an unknown brand', () => {
    expect(() => getBrand('xx-unknown')).toThrow('Failed to find configuration for brand');
    expect(() => getBrand('toString')).toThrow(BrandNotFoundError);
    expect(getBrand('fi-main').currency).toBe('EUR');
  });

  it('maps brands to shared consent brands (§9) and rejects unknown ones (§8)', () => {
    expect(consentBrandOf('no-main')).toBe(consentBrandOf('no-alt3'));
    expect(consentBrandOf('se-main')).toBe(consentBrandOf('se-alt2'));
    expect(consentBrandOf('fi-group-a')).toBe(consentBrandOf('fi-group-b'));
    expect(consentBrandOf('no-compare')).not.toBe(consentBrandOf('no-main'));
    expect(new Set(allBrands.map((brand) => brand.thirdParty.consentBrand)).size).toBeLessThan(15);
    expect(() => consentBrandOf('nope')).toThrow('No general consent brand found for nope');
  });
});

describe('§9 unsecured-loan settings', () => {
  it('no-main uses the Norway row', () => {
    const { rates, fees, config } = brands['no-main'].unsecuredLoan;
    expect(rates).toEqual({ low: 4.9, mid: 11.9, high: 19.9 });
    expect(fees).toEqual({ startup: 950, monthly: 30 });
    expect(config.amount).toEqual({ min: 10_000, max: 800_000, default: 150_000, step: 5_000 });
    expect(config.duration).toEqual({ min: 1, max: 20, default: 5, step: 1 });
  });

  it('no-alt2 uses the "Norway, second brand config" row with a 3 % establishment fee', () => {
    const { rates, fees, config } = brands['no-alt2'].unsecuredLoan;
    expect(rates).toEqual({ min: 9, low: 3.6, mid: 12, high: 20.95, interest: 0 });
    expect(fees).toEqual({ establishmentPercent: 3, monthly: 0 });
    expect(config.amount).toEqual({ min: 10_000, max: 500_000, default: 250_000, step: 5_000 });
    expect(config.duration).toMatchObject({ min: 1, max: 15, default: 12 });
  });

  it('every other Norwegian brand uses the Norway row', () => {
    for (const id of ['no-compare', 'no-alt1', 'no-alt3', 'no-alt4'] as const) {
      const { rates, fees, config } = brands[id].unsecuredLoan;
      expect({ rates, fees, config }).toEqual({
        rates: brands['no-main'].unsecuredLoan.rates,
        fees: brands['no-main'].unsecuredLoan.fees,
        config: brands['no-main'].unsecuredLoan.config,
      });
    }
  });

  it.each(['se-main', 'se-compare', 'se-alt1', 'se-alt2'] as const)('%s uses the Sweden row', (id) => {
    const { rates, fees, config, exampleRate } = brands[id].unsecuredLoan;
    expect(rates).toEqual({ low: 7.9, mid: 12, high: 16, interest: 6.95 });
    expect(exampleRate).toBe('interest');
    expect(fees).toEqual({ startup: 495, monthly: 0 });
    expect(config.amount).toEqual({ min: 5_000, max: 800_000, default: 500_000, step: 5_000 });
    expect(config.duration).toMatchObject({ min: 1, max: 15, default: 15 });
  });

  it.each(['fi-main', 'fi-compare', 'fi-group-a', 'fi-group-b'] as const)(
    '%s uses the Finland row, inside the korkolaki caps',
    (id) => {
      const { rates, fees, config } = brands[id].unsecuredLoan;
      expect(rates.min).toBe(6);
      expect(config.amount).toEqual({ min: 500, max: 70_000, default: 40_000, step: 500 });
      expect(config.duration).toMatchObject({ min: 1, max: 15, default: 15 });
      // korkolaki: nominal ≤ 15 % + reference rate, never above 20 %; other costs ≤ 150 €/year.
      for (const rate of Object.values(rates)) expect(rate).toBeLessThanOrEqual(15);
      expect(fees.monthly * 12 + ('startup' in fees ? fees.startup : 0)).toBeLessThanOrEqual(150);
    },
  );

  it('every brand example keeps its country caps (regulation.md)', () => {
    for (const brand of allBrands) expect(brandExampleCapProblems(brand), brand.brand).toEqual([]);
  });

  it('reproduces the regulation.md worked examples from the brand settings', () => {
    // case a A (no-main, upfront): 3 359.09 a month, 13.3270 %; case e A (no-alt2): 3 % fee = 7 500 NOK, 13.4279 %.
    const caseA = calculateLoanCost(exampleLoanCostInput(brands['no-main']));
    expect(caseA.monthlyPayment).toBeCloseTo(3359.09, 2);
    expect(caseA.effectiveRate).toBeCloseTo(13.327, 3);
    const caseE = exampleLoanCostInput(brands['no-alt2']);
    expect(caseE.startupFee).toBe(7_500);
    expect(calculateLoanCost(caseE).effectiveRate).toBeCloseTo(13.4279, 3);
    // case d (fi-*): 40 000 EUR, 15 years, 6 %, no fees.
    expect(calculateLoanCost(exampleLoanCostInput(brands['fi-group-a'])).effectiveRate).toBeCloseTo(
      6.1678,
      3,
    );
  });

  it('dk-main markets an example with ÅOP ≤ 25 % and total cost ≤ 100 % of the amount', () => {
    const input = exampleLoanCostInput(brands['dk-main']);
    const cost = calculateLoanCost(input);
    expect(cost.effectiveRate).toBeLessThan(25);
    expect(cost.totalCost / input.amount).toBeLessThan(1);
  });

  it('makes a cap-breaking example a start-up error', () => {
    const noAlt2 = brands['no-alt2'];
    const notRefinancing = {
      ...noAlt2,
      unsecuredLoan: { ...noAlt2.unsecuredLoan, exampleIsRefinancing: false },
    };
    expect(brandExampleCapProblems(notRefinancing).join()).toMatch(/utlånsforskriften § 13/);
    const dkMain = brands['dk-main'];
    const expensive = {
      ...dkMain,
      unsecuredLoan: { ...dkMain.unsecuredLoan, rates: { low: 4.95, mid: 29, high: 30 } },
    };
    expect(() => validateBrandRegistry({ ...brands, 'dk-main': expensive })).toThrow(
      /dk-main: unsecuredLoan \(representative example\): ÅOP .* 25 % marketing limit/,
    );
  });

  it('Swedish startup fees stay under the 2025 cap of 588 SEK', () => {
    for (const brand of allBrands.filter((b) => b.country === 'SE')) {
      const fees = brand.unsecuredLoan.fees;
      expect('startup' in fees && fees.startup).toBeLessThanOrEqual(588);
    }
  });
});

describe('products, paths and my-page options', () => {
  it('every Norwegian main-style brand sells unsecured, credit card and secured loans', () => {
    for (const id of ['no-main', 'no-alt1', 'no-alt2', 'no-alt3', 'no-alt4'] as const) {
      expect(brands[id].products).toEqual(
        expect.arrayContaining(['UnsecuredLoan', 'CreditCard', 'SecuredLoan']),
      );
      expect(brands[id].paths.applyUnsecured).toBe('/soknad/forbrukslan');
      expect(brands[id].paths.myPage).toBe('/mine-tilbud');
    }
  });

  it('puts the personal page on a separate host for no-alt1, no-alt3 and fi-main only', () => {
    const separate = allBrands.filter((b) => b.paths.myPageHost === 'separate').map((b) => b.brand);
    expect(separate.sort()).toEqual(['fi-main', 'no-alt1', 'no-alt3']);
  });

  it('follows the brands.md personal-page paths', () => {
    expect(brands['no-compare'].paths.myPage).toBe('/mine-soknader');
    expect(brands['se-main'].paths.myPage).toBe('/mina-sidor');
    expect(brands['se-compare'].paths.myPage).toBe('/mina-sidor/privatlan');
    expect(brands['fi-compare'].paths.myPage).toBe('/hakemukseni/yksityislaina');
    expect(brands['fi-group-a'].paths).toMatchObject({ applyUnsecured: '/loans/apply', myPage: '/mypage' });
    expect(brands['dk-main'].paths).toMatchObject({ applyUnsecured: '/loans/apply', myPage: '/mypage' });
    expect(brands['fi-main'].paths.applyInsurance).toBe('/hae/matsurvaraus');
  });

  it('shows the high-cost warning on se-main and se-alt1 only (§9)', () => {
    const withWarning = allBrands.filter((b) => b.myPage.hasHighCostWarning).map((b) => b.brand);
    expect(withWarning.sort()).toEqual(['se-alt1', 'se-main']);
  });

  it('offers the insurance upsell with the §9 example on at least one NO and one SE brand', () => {
    const upsell = allBrands.filter((b) => b.myPage.offers.hasInsuranceUpsell);
    expect(upsell.some((b) => b.country === 'NO')).toBe(true);
    expect(upsell.some((b) => b.country === 'SE')).toBe(true);
    for (const brand of upsell) {
      expect(brand.myPage.offers.insuranceExample).toEqual({ monthlyCost: 350, totalCost: 5858 });
      expect(brand.products).toContain('Insurance');
    }
  });

  it('uses readable colours (WCAG AA) and a locally installed font', () => {
    for (const { theme } of allBrands) {
      expect(contrastRatio(theme.text, theme.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(theme.primaryContrast, theme.primary)).toBeGreaterThanOrEqual(4.5);
      expect(['Inter', 'Source Sans 3', 'Merriweather', 'Nunito']).toContain(theme.fontFamily);
    }
  });
});

describe('validateBrandRegistry', () => {
  it('throws one error naming each broken brand and field', () => {
    const broken = {
      ...brands,
      'no-main': {
        ...brands['no-main'],
        unsecuredLoan: {
          ...brands['no-main'].unsecuredLoan,
          config: {
            ...brands['no-main'].unsecuredLoan.config,
            amount: { min: 10_000, max: 800_000, default: 152_500, step: 5_000 },
          },
        },
      },
      'se-alt2': { ...brands['se-alt2'], currency: 'NOK' },
    };
    let message = '';
    try {
      validateBrandRegistry(broken);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('no-main: unsecuredLoan.config.amount.default');
    expect(message).toContain('se-alt2: currency');
    expect(message).toMatch(/\(2 problems\)/);
  });

  it('reports missing brands, strangers, mismatched keys and unknown fields', () => {
    const { 'dk-main': _missing, ...rest } = brands;
    const registry = {
      ...rest,
      'xx-extra': brands['se-main'],
      'fi-group-b': { ...brands['fi-group-b'], colour: 'red' },
    };
    expect(() => validateBrandRegistry(registry)).toThrow(/dk-main: missing from the registry/);
    expect(() => validateBrandRegistry(registry)).toThrow(/xx-extra: not one of the 15 brand ids/);
    expect(() => validateBrandRegistry(registry)).toThrow(/xx-extra: brand: is 'se-main'/);
    expect(() => validateBrandRegistry(registry)).toThrow(/fi-group-b: \(config\): Unrecognized key/);
  });

  it('rejects a product sold without its path and a warning outside Sweden', () => {
    const result = brandConfigSchema.safeParse({
      ...brands['no-alt4'],
      products: [...brands['no-alt4'].products, 'Insurance'],
      myPage: { ...brands['no-alt4'].myPage, hasHighCostWarning: true },
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['paths.applyInsurance', 'myPage.hasHighCostWarning']));
  });
});
