import { brands } from '@nordloan/domain/brands/registry';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { nextNationalId, saveScreenshots, seriousAxeViolations } from './support/api-helpers.ts';
import {
  brandBaseUrl,
  identifyWithEid,
  testPhone,
  testPostalCode,
  waitForApp,
  waitForStep,
} from './support/apply-helpers.ts';
import { internalIdsShown } from './support/leak-scan.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 38, a journey that never dead-ends, on no-main at phone size (390 × 844), against the real server on
// a random port: each step is a browser-history entry (Back from step 3 shows step 2, a reload keeps the
// step); the e-ID's name and the population register's address are shown to confirm; a number error says
// what is wrong with what was typed; a draft resumes at its step in another browser via `?resume=`; and
// every link in the journey's messages, read from the development inbox, opens a working page on the port
// the server runs on. axe on every page; no page shows an internal id or code.

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const brand = brands['no-main'];
const nationalId = nextNationalId('NO', '1983-09-21');
const email = `journey-${nationalId}@example.com`;
let base = '';
let applicationId = '';
/** Every page looked at: axe violations and internal ids shown, by where. */
const problems: Record<string, string[]> = {};

beforeAll(async () => {
  ensureWebAppBuilt();
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
  base = brandBaseUrl(server.baseUrl, 'no-main');
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function phone(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  contexts.push(context);
  return context.newPage();
}

/** axe and the internal-id scan on the page as it is now. */
async function look(page: Page, where: string) {
  const found = [
    ...(await seriousAxeViolations(page)),
    ...(await internalIdsShown(page)).map((line) => `internal id shown: ${line}`),
  ];
  if (found.length > 0) problems[where] = found;
}

const submit = (page: Page, step: string) =>
  page.locator(`[data-testid="step-${step}"] [data-testid="step-submit"]`).click();
const fill = (page: Page, name: string, value: string) => page.getByTestId(`field-${name}`).fill(value);
const stepOf = (page: Page) => page.locator('article[data-page-kind="apply"]').getAttribute('data-step');

async function household(page: Page, children: string) {
  await page.getByTestId('field-maritalStatus').selectOption('Single');
  await page.getByTestId('field-education').selectOption('Higher education');
  await page.getByTestId('field-livingSituation').selectOption('Rental');
  if ((await page.getByTestId('field-housingType').count()) > 0)
    await page.getByTestId('field-housingType').selectOption('Apartment building');
  await fill(page, 'housingCostMonthly', '9000');
  await fill(page, 'childrenCount', children);
}

async function inbox(): Promise<{ Channel: string; Subject: string | null; Body: string }[]> {
  return (await fetch(`${server.baseUrl}/dev/inbox/messages?to=${encodeURIComponent(email)}`)).json();
}

describe('no-main: the apply journey in the browser’s history, resumed, and its messages', () => {
  it('Back from step 3 shows step 2, a reload keeps the step; the e-ID and the register prefill', async () => {
    onTestFailed(() => console.error(`server warnings and errors:\n${server.problems()}`));
    const page = await phone();
    await page.goto(`${base}${brand.paths.applyUnsecured}`);
    await waitForStep(page, 'loan');
    await look(page, 'loan');
    await page.getByTestId('field-loanPurpose').selectOption('Renovation');
    await submit(page, 'loan');
    await waitForStep(page, 'identify');
    expect(new URL(page.url()).searchParams.get('step')).toBe('identify');
    await look(page, 'identify');
    await identifyWithEid(page, { nationalId, email, phone: testPhone.NO });

    // Step 3: the name from the e-ID and the address from the population register, to confirm.
    await waitForStep(page, 'address');
    expect(new URL(page.url()).searchParams.get('step')).toBe('address');
    expect(await page.getByTestId('field-firstName').inputValue()).not.toBe('');
    expect(await page.getByTestId('field-lastName').inputValue()).not.toBe('');
    expect(await page.getByTestId('birth-date').textContent()).toContain('21. september 1983');
    expect(await page.getByTestId('prefilled-notice').textContent()).toContain('BankID');
    await look(page, 'address (prefilled)');
    await saveScreenshots(page, 'journey-address-prefilled');

    // The browser's Back: step 2, the identity step, not the page before the form.
    await page.goBack();
    await waitForStep(page, 'identify');
    expect(await page.getByTestId('identified').count()).toBe(1);
    await page.goForward();
    await waitForStep(page, 'address');
    if ((await page.getByTestId('field-street').inputValue()) === '') {
      // The register has no address for one person in twenty: then it is typed.
      await fill(page, 'street', 'Testveien 1');
      await fill(page, 'postalCode', testPostalCode.NO);
      await fill(page, 'city', 'Oslo');
    }
    await submit(page, 'address');
    await waitForStep(page, 'household');

    // −1 children: "cannot be negative", not "whole number".
    await household(page, '-1');
    await submit(page, 'household');
    const error = page.getByTestId('step-household').getByText('Tallet kan ikke være negativt.');
    await error.waitFor();
    await look(page, 'household with an error');
    await fill(page, 'childrenCount', '0');
    await submit(page, 'household');
    await waitForStep(page, 'employment');

    // A reload keeps the step.
    await page.reload();
    await waitForStep(page, 'employment');
    expect(await stepOf(page)).toBe('employment');
    await look(page, 'employment after a reload');

    // A link to continue later, asked for here: its link is checked with the others below.
    await page.getByTestId('send-magic-link').click();
    await page.getByTestId('magic-link-sent').waitFor();
    applicationId = await page.evaluate(
      () =>
        JSON.parse(sessionStorage.getItem('nordloan-application-session') ?? '{}')?.state?.activeApplications
          ?.UnsecuredLoan?.id ?? '',
    );
    expect(applicationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(problems).toEqual({});
  }, 120_000);

  it('?resume=<id> in another browser: the e-ID, then the draft at its saved step; sent to the banks', async () => {
    const page = await phone();
    await page.goto(`${base}${brand.paths.applyUnsecured}?resume=${applicationId}`);
    await waitForStep(page, 'identify');
    expect(await page.getByTestId('eid-lead').textContent()).toContain('fortsette søknaden du har påbegynt');
    await look(page, 'resume: sign in');
    await page.locator('[data-testid="step-identify"] [data-testid="step-submit"]').click();
    await page.getByTestId('eid-identity-page').waitFor({ timeout: 30_000 });
    await page.getByTestId('eid-identity-page').locator('input[name="nationalId"]').fill(nationalId);
    await page
      .getByTestId('eid-identity-page')
      .locator('form:has(input[name="nationalId"]) button[type="submit"]')
      .click();
    await waitForStep(page, 'employment', 30_000);
    expect(new URL(page.url()).search).toBe('?step=employment');
    expect(await page.getByTestId('welcome-back').count()).toBe(1);
    await look(page, 'resumed at employment');
    await saveScreenshots(page, 'journey-resumed');

    // The rest, to the banks.
    await page.getByTestId('field-employmentType').selectOption('Permanent');
    await fill(page, 'employerName', 'Fjordkraft Testbedrift');
    await fill(page, 'employmentStart', '2018-03-01');
    const shown = async (name: string) => (await page.getByTestId(`field-${name}`).count()) > 0;
    if (await shown('industry'))
      await page.getByTestId('field-industry').selectOption('Information and communication');
    if (await shown('jobLevel')) await page.getByTestId('field-jobLevel').selectOption('Employee');
    if (await shown('mainBank')) await fill(page, 'mainBank', 'Testbanken');
    if (await shown('isPoliticallyExposed'))
      await page.getByTestId('field-isPoliticallyExposed').locator('input[value="no"]').check();
    await submit(page, 'employment');
    await waitForStep(page, 'economy');
    await fill(page, 'grossYearlyIncome', '620000');
    await fill(page, 'netMonthlyIncome', '36000');
    await submit(page, 'economy');
    await waitForStep(page, 'co-applicant');
    await submit(page, 'co-applicant');
    await waitForStep(page, 'consent');
    await look(page, 'consent');
    await page.getByTestId('field-acceptTerms').check();
    await page.getByTestId('field-creditCheck').check();
    await submit(page, 'consent');
    await waitForStep(page, 'summary');
    await look(page, 'summary');
    await page.getByTestId('submit-application').click();
    await waitForStep(page, 'sent');
    await look(page, 'sent');
    expect(problems).toEqual({});
  }, 120_000);

  it('every link in the journey’s messages opens a working page on the port the server runs on', async () => {
    // The magic link, and "offers arrived" once the simulated lenders have answered.
    let messages = await inbox();
    for (let tries = 0; tries < 240 && !messages.some((m) => /lånetilbud/.test(m.Subject ?? '')); tries++) {
      await new Promise((wait) => setTimeout(wait, 250));
      messages = await inbox();
    }
    expect(messages.map((message) => message.Subject)).toEqual(
      expect.arrayContaining(['Fortsett søknaden din hos Lån Norge', 'Du har fått lånetilbud hos Lån Norge']),
    );
    const links = [
      ...new Set(messages.flatMap((message) => message.Body.match(/https?:\/\/[^\s<>"]+/g) ?? [])),
    ];
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) {
      const url = new URL(link);
      expect(url.host, link).toBe(`no-main.localhost:${server.port}`);
      // A fresh browser, as from a mail program.
      const page = await phone();
      const response = await page.goto(link);
      expect(response?.status(), link).toBe(200);
      await waitForApp(page);
      const kind = url.pathname === brand.paths.myPage ? 'personal page' : 'apply page';
      if (kind === 'apply page') {
        // The magic link logs in: the application, now with the banks, shows as sent.
        await waitForStep(page, 'sent', 30_000);
      } else {
        await page
          .getByTestId('eid-login-panel')
          .or(page.locator('[data-logged-in="true"]'))
          .first()
          .waitFor();
      }
      expect(await page.locator('text=This page could not be found').count(), link).toBe(0);
      await look(page, `${kind} from the e-mail`);
      await saveScreenshots(page, `journey-link-${kind.replace(' ', '-')}`);
    }
    // Every message says "Min side", as the site does.
    for (const message of messages.filter((m) => /lånetilbud/.test(m.Subject ?? ''))) {
      expect(message.Body).toContain('Min side');
      expect(message.Body).not.toContain('Mine sider');
    }
    expect(problems).toEqual({});
  }, 120_000);
});
