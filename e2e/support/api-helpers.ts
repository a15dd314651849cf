import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrandId } from '@nordloan/domain/brands/registry';
import type { Country, Product } from '@nordloan/domain/enums';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Page } from 'playwright-core';

// Applications created over HTTP against the real server, for browser tests of the personal page that
// must not depend on the apply UI: dev login, create with every detail the §7 check needs, submit
// (application-complete), and wait for the lending engine's quotes. Never logs tokens or national ids.

export interface ApiLogin {
  token: string;
  CustomerID: string;
  PersonID: string;
  nationalId: string;
}

export interface CreatedApiApplication extends ApiLogin {
  applicationId: string;
}

let serial = 0;

/**
 * A fresh valid test national identity number for the country (a new person per call). Deterministic: the
 * simulated lenders' answers depend on the applicant, so a test run is repeatable.
 */
export function nextNationalId(country: Country, birthDate = '1986-03-14'): string {
  serial += 1;
  return makeTestNationalId(country, birthDate, (serial * 7) % 97);
}

async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; expect?: number[] } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const expected = options.expect ?? [200, 201];
  if (!expected.includes(response.status)) {
    throw new Error(
      `${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 500)}`,
    );
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function devLoginOverApi(
  baseUrl: string,
  { country, brand, nationalId }: { country: Country; brand: BrandId; nationalId?: string },
): Promise<ApiLogin> {
  const id = nationalId ?? nextNationalId(country);
  const answer = await call<{ token: string; CustomerID: string; PersonID: string }>(
    baseUrl,
    'POST',
    '/auth/dev/login',
    { body: { nationalId: id, country, brand } },
  );
  return { ...answer, nationalId: id };
}

const incomeByCountry: Record<Country, { GrossYearlyIncome: number; NetMonthlyIncome: number }> = {
  NO: { GrossYearlyIncome: 720_000, NetMonthlyIncome: 45_000 },
  SE: { GrossYearlyIncome: 540_000, NetMonthlyIncome: 33_000 },
  FI: { GrossYearlyIncome: 52_000, NetMonthlyIncome: 3_200 },
  DK: { GrossYearlyIncome: 520_000, NetMonthlyIncome: 30_000 },
};

/** Applicant details that pass the §7 check on every brand (Single, so no partner costs are asked). */
export function applicantDetails(country: Country) {
  return {
    MaritalStatus: 'Single',
    Education: 'Higher education',
    LivingSituation: 'Rental',
    HousingType: 'Apartment building',
    HousingCostMonthly: country === 'FI' ? 700 : 8_000,
    ChildrenCount: 0,
    EmploymentType: 'Permanent',
    EmployerName: 'Fjordverket AS',
    EmploymentStart: '2015-01-01',
    Industry: 'Manufacturing',
    JobLevel: 'Employee',
    ...incomeByCountry[country],
    MainBank: 'Nordbanken',
    IsPoliticallyExposed: false,
  };
}

/** Logs a new applicant in, creates a complete application and submits it (→ 160 and the lenders). */
export async function createSubmittedApplication(
  baseUrl: string,
  options: {
    country: Country;
    brand: BrandId;
    product?: Product;
    amount?: number;
    /** Years. */
    duration?: number;
    nationalId?: string;
    submit?: boolean;
  },
): Promise<CreatedApiApplication> {
  const login = await devLoginOverApi(baseUrl, options);
  const product = options.product ?? 'UnsecuredLoan';
  const defaultAmount = options.country === 'FI' ? 10_000 : 150_000;
  const created = await call<{ ID: string }>(baseUrl, 'POST', '/loan-application', {
    token: login.token,
    body: {
      Product: product,
      Brand: options.brand,
      Amount: options.amount ?? defaultAmount,
      ...(product === 'CreditCard' ? {} : { Duration: options.duration ?? 5 }),
      LoanPurpose: 'Renovation',
      // The apply journey's consent step (submit refuses without it).
      Data: { CreditCheckConsent: { Given: true, At: new Date().toISOString() } },
      MainApplicant: applicantDetails(options.country),
    },
  });
  if (options.submit !== false) {
    await call(baseUrl, 'PATCH', `/loan-application/${created.ID}/application-complete`, {
      token: login.token,
      body: {},
    });
  }
  return { ...login, applicationId: created.ID };
}

export interface QuotesV2Summary {
  Status: number;
  IsComplete: boolean;
  Groups: { Group: string; Quotes: { ID: string; EffectiveRate: number; TotalCost: number }[] }[];
}

export function getQuotesV2(baseUrl: string, token: string, applicationId: string) {
  return call<QuotesV2Summary>(
    baseUrl,
    'GET',
    `/loan-quote-presentation/v2/application/${applicationId}/quotes`,
    { token },
  );
}

/** Waits until every lender answered (LENDER_DELAY_SCALE=0 makes this a few seconds). */
export async function waitForQuotes(
  baseUrl: string,
  token: string,
  applicationId: string,
  timeoutMs = 60_000,
): Promise<QuotesV2Summary> {
  const deadline = Date.now() + timeoutMs;
  let last: QuotesV2Summary | null = null;
  while (Date.now() < deadline) {
    last = await getQuotesV2(baseUrl, token, applicationId);
    if (last.IsComplete) return last;
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error(`quotes not complete within ${timeoutMs} ms (status ${last?.Status})`);
}

/** Gives marketing consent on every channel, so a test has something to revoke. */
export function giveMarketingConsent(baseUrl: string, login: ApiLogin, brand: BrandId) {
  return call(baseUrl, 'POST', '/consent/v1/consent', {
    token: login.token,
    body: { CustomerID: login.CustomerID, Brand: brand, Status: 'given', Purpose: 'marketing' },
  });
}

export function getConsentState(baseUrl: string, login: ApiLogin, brand: BrandId) {
  return call<{ Consents: { Purpose: string; Channel: string; Status: string }[] }>(
    baseUrl,
    'GET',
    `/consent/v2/consent?customerID=${login.CustomerID}&brand=${brand}`,
    { token: login.token },
  );
}

// ── the personal page in the browser ─────────────────────────────────────────────────────────────

export const screenshotDir = join(import.meta.dirname, '..', 'screenshots');

/**
 * Logs in on a personal page through the e-ID login (ADR 0029): the page's "Log in with BankID/MitID/…"
 * button, the local e-ID provider's identity page (the national id typed in), and back with the token.
 */
export async function loginOnPersonalPage(page: Page, url: string, nationalId: string): Promise<void> {
  if (page.url() !== url) await page.goto(url);
  const button = page.getByTestId('eid-login-panel').getByRole('button');
  await button.waitFor({ timeout: 30_000 });
  await button.click();
  await signInOnIdentityPage(page, nationalId);
  await page.locator('[data-logged-in="true"]').waitFor({ timeout: 30_000 });
  // §2: the hand-back's token left the address bar once read.
  if (new URL(page.url()).hash.includes('token=')) throw new Error('token still in the URL');
}

/** On the local e-ID provider's identity page: types the national id and logs in. */
export async function signInOnIdentityPage(page: Page, nationalId: string): Promise<void> {
  const identityPage = page.getByTestId('eid-identity-page');
  await identityPage.waitFor({ timeout: 30_000 });
  await identityPage.locator('input[name="nationalId"]').fill(nationalId);
  await identityPage.locator('form:has(input[name="nationalId"]) button[type="submit"]').click();
}

export { seriousAxeViolations } from './axe.ts';

/** The page's last state at desktop width and at 360 px (issue 6: look at both). */
export async function saveScreenshots(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(screenshotDir, `${name}-360.png`), fullPage: true });
  await page.setViewportSize(viewport);
}

/** The §4 flow events pushed to window.dataLayer so far, by name. */
export async function flowEventNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map(
      (entry) => entry.event ?? '',
    ),
  );
}

/**
 * Opens a personal page and makes sure the applicant is logged in through the identity provider: the e-ID
 * login when it is offered, or — when the tab already holds a login of another kind (the apply
 * journey's) — after logging out, so the overview is loaded by the §4 idp row.
 */
export async function openPersonalPage(page: Page, url: string, nationalId: string): Promise<void> {
  await page.goto(url);
  const form = page.getByTestId('eid-login-panel');
  const loggedIn = page.locator('[data-logged-in="true"]');
  await form.or(loggedIn).first().waitFor({ timeout: 30_000 });
  if (await loggedIn.isVisible()) {
    const method = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('nordloan-auth') ?? '{}')?.state?.authMethod ?? null,
    );
    if (method === 'idp') return;
    // Cleared on a page of the same origin where the app does not run: cleared under the running app, its
    // next state change (an offers poll) wrote the old login straight back, and the form never came.
    await page.goto(`${new URL(url).origin}/health`);
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(url);
  }
  await loginOnPersonalPage(page, url, nationalId);
}

/** Waits until the application's offers are on the page (polled in, no reload). */
export async function waitForOffersOnPage(page: Page, timeout = 60_000): Promise<void> {
  await page.getByTestId('offer').first().waitFor({ timeout });
}
