import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSubmittedApplication,
  getConsentState,
  giveMarketingConsent,
  loginOnPersonalPage,
  screenshotDir,
  seriousAxeViolations,
} from './support/api-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 36 item 3 (docs/decisions/0069): on se-main's personal page a Swedish customer downloads their data
// (JSON and PDF) and finds every application and consent in it; their erasure request revokes marketing at
// once and lists only what the law keeps (penningtvättslagen, the application, and when it goes).

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  ensureWebAppBuilt();
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
  // The phone width the applicant sees it at.
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'sv-SE' });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function download(page: Page, button: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(button).click()]);
  return readFileSync((await file.path())!);
}

describe('My data on se-main', () => {
  it('downloads every application and consent, and an erasure request leaves only what the law keeps', async () => {
    const nationalId = makeTestNationalId('SE', '1983-10-21', 7);
    const first = await createSubmittedApplication(server.baseUrl, {
      country: 'SE',
      brand: 'se-main',
      nationalId,
    });
    const second = await createSubmittedApplication(server.baseUrl, {
      country: 'SE',
      brand: 'se-main',
      nationalId,
      product: 'CreditCard',
      amount: 30_000,
      submit: false,
    });
    await giveMarketingConsent(server.baseUrl, first, 'se-main');

    const page = await context.newPage();
    const url = `http://se-main.localhost:${server.port}/mina-sidor`;
    await loginOnPersonalPage(page, url, nationalId);
    const panel = page.getByTestId('my-data');
    await panel.locator('summary').click();
    expect(await panel.textContent()).toContain('Dina uppgifter');

    const data = JSON.parse((await download(page, 'my-data-json')).toString('utf8')) as {
      Applications: { ID: string }[];
      Consents: { Purpose: string; Channel: string; Status: string }[];
    };
    expect(data.Applications.map((row) => row.ID).sort()).toEqual(
      [first.applicationId, second.applicationId].sort(),
    );
    const given = data.Consents.filter((row) => row.Purpose === 'marketing' && row.Status === 'given');
    expect(given.map((row) => row.Channel).sort()).toEqual(['email', 'phone', 'sms']);
    const pdf = await download(page, 'my-data-pdf');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByTestId('erasure-ask').click();
    await page.getByTestId('erasure-confirm').click();
    const kept = page.getByTestId('erasure-kept');
    await kept.waitFor();
    const keptText = (await kept.textContent()) ?? '';
    expect(keptText).toContain('penningtvättslagen (2017:630) 5 kap. 3 §');
    expect(keptText).toContain('Raderas fem år efter att ansökan har avslutats');
    // Only what the law keeps: anti-money-laundering records and the proof of consents and reads.
    const categories = await kept
      .locator('li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-category')));
    const lawful = [
      'person',
      'applications',
      'documents',
      'credit-inquiries',
      'consent-history',
      'audit-log',
    ];
    expect(categories.every((category) => lawful.includes(category ?? ''))).toBe(true);
    expect(categories).toEqual(expect.arrayContaining(['person', 'applications']));
    expect(await page.getByTestId('erasure-erased').textContent()).toContain('Samtycken till marknadsföring');
    const consents = await getConsentState(server.baseUrl, first, 'se-main');
    expect(consents.Consents.filter((row) => row.Purpose === 'marketing' && row.Status === 'given')).toEqual(
      [],
    );

    expect(await seriousAxeViolations(page), 'my data').toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, 'my-data-se-phone.png'), fullPage: false });
    await page.close();
  });
});
