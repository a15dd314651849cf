import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshots, seriousAxeViolations } from './support/api-helpers.ts';
import { completeApplication } from './support/apply-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 10 / ADR 0027, no-alt4 (a Norwegian main-style brand that sells secured loans): a secured loan
// with a co-applicant — its own representative example, the property looked up in the register with its
// loan-to-value, then on /mine-tilbud/lan-med-sikkerhet the case's three documents uploaded (payslip and
// tax return of the main applicant, payslip of the co-applicant) and the secured-loan lenders' offers.
// axe on every page and step.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

// The smallest valid PNG (1×1 pixel) and a tiny real PDF header: the API judges files by their bytes.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  ensureWebAppBuilt();
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('secured loan with a co-applicant (no-alt4)', () => {
  it('applies with the property, uploads three documents, offers arrive', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const nationalId = makeTestNationalId('NO', '1982-05-17', 41);
    const violations: Record<string, string[]> = {};
    const check = async (name: string) => {
      const found = await seriousAxeViolations(page);
      if (found.length) violations[name] = found;
    };

    const sent = await completeApplication(page, {
      baseUrl: server.baseUrl,
      brandId: 'no-alt4',
      product: 'SecuredLoan',
      nationalId,
      coApplicant: { nationalId: makeTestNationalId('NO', '1984-10-02', 42) },
      onStep: async (step) => {
        await check(`apply ${step}`);
        if (step === 'loan') {
          // The secured loan's own example: 2 000 000 kr over 25 years, no "cannot show" message.
          const text = (await page.getByTestId('example-text').textContent()) ?? '';
          expect(text.replace(/\s/g, ' ')).toMatch(/Eff\. rente 6,1 %, 2 000 000 kr o\/25 år/);
          expect(await page.getByTestId('example-unavailable').count()).toBe(0);
          await saveScreenshots(page, 'secured-loan-step');
        }
        if (step === 'property-result') {
          const result = page.getByTestId('property-result');
          expect(await result.getAttribute('data-lookup-status')).toBe('success');
          expect(await result.getAttribute('data-within-limit')).toBe('true');
          // 2 000 000 over the register's 4 800 000 (lower than the 5 000 000 estimate): 41,7 %.
          expect(await page.getByTestId('property-ltv').textContent()).toBe('41,7 %');
          await saveScreenshots(page, 'secured-property-step');
        }
      },
    });
    expect(sent.applicationId).not.toBe('');

    // Straight on from the sent page, signed in as the journey left the applicant.
    await page.goto(`http://no-alt4.localhost:${server.port}/mine-tilbud/lan-med-sikkerhet`);
    const application = page.locator(`[data-application-id="${sent.applicationId}"]`);
    await application.waitFor({ timeout: 30_000 });
    const securedCase = application.getByTestId('secured-case');
    await securedCase.waitFor({ timeout: 30_000 });
    expect(await securedCase.getByTestId('secured-case-ltv').textContent()).toBe('41,7 %');
    // A valued home: payslip and tax return for each of the two applicants, no valuation report.
    expect(await securedCase.locator('[data-received="false"]').count()).toBe(4);
    expect(await securedCase.getByTestId('need-property-value-main-applicant').count()).toBe(0);
    await check('personal page');
    await saveScreenshots(page, 'secured-personal-page');

    const dir = tmpdir();
    const uploads: [string, string, Buffer][] = [
      ['need-payslip-main-applicant', 'lonnsslipp-hovedsoker.pdf', pdf],
      ['need-tax-return-main-applicant', 'skattemelding-hovedsoker.png', png],
      ['need-payslip-co-applicant', 'lonnsslipp-medsoker.pdf', pdf],
    ];
    for (const [testId, filename, bytes] of uploads) {
      const path = join(dir, filename);
      writeFileSync(path, bytes);
      await securedCase.getByTestId(`${testId}-file`).setInputFiles(path);
      await securedCase.getByTestId(`${testId}-upload`).click();
      await expect
        .poll(() => securedCase.getByTestId(testId).getAttribute('data-received'), { timeout: 20_000 })
        .toBe('true');
    }
    expect(await securedCase.locator('[data-received="false"]').count()).toBe(1);
    // Its own case steps: the home is valued, the documents are still under way (3 of 4).
    const steps = securedCase.getByTestId('secured-case-steps').locator('li');
    expect(await steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-state')))).toEqual([
      'done',
      'current',
      'upcoming',
    ]);
    expect(await steps.nth(1).textContent()).toContain('3 av 4');
    expect(await securedCase.getByTestId('need-tax-return-co-applicant').getAttribute('data-received')).toBe(
      'false',
    );

    // The secured-loan lenders quote against the property.
    await application.getByTestId('offer').first().waitFor({ timeout: 60_000 });
    const lenders = await application.locator('.offer__lender').allTextContents();
    expect(lenders.join(' ')).toMatch(/Hjem Boligkreditt|Fjell Sparebank/);
    await check('personal page with documents and offers');
    await saveScreenshots(page, 'secured-personal-page-offers');

    expect(violations).toEqual({});
    expect(errors).toEqual([]);
  }, 240_000);
});
