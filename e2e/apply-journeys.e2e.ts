import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication, seriousAxeViolations } from './support/apply-helpers.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 6 "Apply": the journey from the apply page to a submitted application, on a desktop and on a
// 360 px phone, with axe on every step.

const repoRoot = resolve(import.meta.dirname, '..');
const screenshotDir = join(import.meta.dirname, 'screenshots');
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  mkdirSync(screenshotDir, { recursive: true });
  server = await startServer({ env: { LENDER_DELAY_SCALE: '0' } });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('apply journeys', () => {
  it('no-main: an unsecured loan with a co-applicant, at 360 px, axe clean on every step', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const violations: string[] = [];
    const result = await completeApplication(page, {
      baseUrl: server.baseUrl,
      brandId: 'no-main',
      product: 'UnsecuredLoan',
      nationalId: makeTestNationalId('NO', '1985-04-12', 1),
      coApplicant: { nationalId: makeTestNationalId('NO', '1987-09-30', 2) },
      onStep: async (step, current) => {
        violations.push(...(await seriousAxeViolations(current)).map((v) => `${step}: ${v}`));
        expect(await current.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await current.screenshot({
          path: join(screenshotDir, `apply-no-main-phone-${step}.png`),
          fullPage: true,
        });
      },
    });
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    expect(result.humanReadableId).toMatch(/\S/);
    const stored = await (
      await fetch(`${server.baseUrl}/loan-application/${result.applicationId}`, {
        headers: {
          Authorization: `Bearer ${await page.evaluate(() => JSON.parse(sessionStorage.getItem('nordloan-auth') ?? '{}').state.token)}`,
        },
      })
    ).json();
    expect(stored.Status).toBeGreaterThanOrEqual(160);
    expect(stored.CoApplicantPersonID).toBeTruthy();
    expect(stored.ApplicantMode).toBe('Normal');
    await context.close();
  }, 120_000);

  it('no-main: a credit card from the one-form page, on a desktop', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const violations: string[] = [];
    await completeApplication(page, {
      baseUrl: server.baseUrl,
      brandId: 'no-main',
      product: 'CreditCard',
      nationalId: makeTestNationalId('NO', '1979-11-02', 4),
      onStep: async (step, current) => {
        violations.push(...(await seriousAxeViolations(current)).map((v) => `${step}: ${v}`));
        if (step === 'loan' || step === 'sent') {
          await current.screenshot({
            path: join(screenshotDir, `apply-no-main-card-${step}.png`),
            fullPage: true,
          });
        }
      },
    });
    expect(violations).toEqual([]);
    await context.close();
  }, 120_000);
});
