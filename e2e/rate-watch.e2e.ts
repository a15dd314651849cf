import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { brands } from '@nordloan/domain/brands/registry';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSubmittedApplication,
  nextNationalId,
  openPersonalPage,
  seriousAxeViolations,
  waitForQuotes,
} from './support/api-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 36 item 2 (ADR 0081): a Finnish customer whose loan is paid out starts the rate watch on the
// personal page (the consent box unticked until they tick it), sees the first look, and stops it with one
// press; screenshots at 390 px and 1280 px into docs/screenshots.

let server: RunningServer;
let browser: Browser;
const docsScreenshots = join(import.meta.dirname, '..', 'docs', 'screenshots');

beforeAll(async () => {
  ensureWebAppBuilt();
  mkdirSync(docsScreenshots, { recursive: true });
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Offer {
  ID: string;
  LoanRequestID: string;
  Lender: { ID: string };
}

async function api<T>(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as T };
}

/** A signed lender callback, as the sandbox lender sends it (ADR 0062). */
async function callback(offer: Offer, fields: Record<string, unknown>): Promise<number> {
  const body = JSON.stringify({
    MessageId: randomUUID(),
    SentAt: new Date().toISOString(),
    LenderId: offer.Lender.ID,
    ApplicationReference: offer.LoanRequestID,
    QuoteId: offer.ID,
    ...fields,
  });
  const secret = `sandbox-lender-secret-${offer.Lender.ID}-not-for-production`;
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  const response = await fetch(`${server.baseUrl}/lender-api/callbacks/${offer.Lender.ID}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'nordloan-signature': `t=${timestamp},v1=${signature}` },
    body,
  });
  return response.status;
}

async function waitForStatus(token: string, applicationId: string, status: number): Promise<void> {
  for (let tries = 0; tries < 160; tries++) {
    const { json } = await api<{ Status: number }>('GET', `/loan-application/${applicationId}`, token);
    if (json.Status >= status) return;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`status did not reach ${status}`);
}

const myPage = () => `http://mine.fi-main.localhost:${server.port}${brands['fi-main'].paths.myPage}`;

describe('rate watch on a paid-out loan (FI)', () => {
  let page: Page;
  let nationalId: string;

  beforeAll(async () => {
    nationalId = nextNationalId('FI');
    const { applicationId, token, CustomerID } = await createSubmittedApplication(server.baseUrl, {
      country: 'FI',
      brand: 'fi-main',
      nationalId,
    });
    // An address to tell the customer at (the rate watch writes to the customer's e-mail).
    const email = { Email: `ratewatch-${CustomerID.slice(0, 8)}@example.fi` };
    expect((await api('PATCH', `/customer/${CustomerID}`, token, email)).status).toBe(200);
    await waitForQuotes(server.baseUrl, token, applicationId);
    const { json } = await api<{ Groups: { Quotes: Offer[] }[] }>(
      'GET',
      `/loan-quote-presentation/v2/application/${applicationId}/quotes`,
      token,
    );
    const offer = json.Groups.flatMap((group) => group.Quotes)[0]!;
    expect((await api('POST', `/loan-quote/${offer.ID}/accept`, token, { Consent: true })).status).toBe(201);
    await waitForStatus(token, applicationId, 510);
    // The lender reports the agreement signed, its payout decision and the payout (as its sandbox would).
    await callback(offer, { Type: 'agreement-signed', SignedAt: new Date().toISOString() });
    await callback(offer, { Type: 'disbursement-decision', Decision: 'approved' });
    await callback(offer, { Type: 'disbursed', Reference: 'payout-e2e' });
    await waitForStatus(token, applicationId, 700);
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  }, 180_000);

  it('starts only with the consent ticked, shows the first look, stops at one press', async () => {
    await openPersonalPage(page, myPage(), nationalId);
    const panel = page.getByTestId('rate-watch');
    await panel.waitFor({ timeout: 30_000 });
    const consent = panel.getByTestId('rate-watch-consent');
    expect(await consent.isChecked()).toBe(false);
    await panel.getByTestId('rate-watch-interval-3').check();
    await panel.getByTestId('rate-watch-threshold').fill('300');
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(docsScreenshots, 'rate-watch-off-390.png'), fullPage: false });
    await panel.getByTestId('rate-watch-start').click();
    expect(await panel.getByRole('alert').first().textContent()).toMatch(/Rastita suostumus/);
    await consent.check();
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/rate-watch') && response.request().method() === 'POST',
    );
    await panel.getByTestId('rate-watch-start').click();
    const started = await answer;
    expect(started.status(), await started.text()).toBe(201);
    await page.locator('[data-testid="rate-watch"][data-state="active"]').waitFor({ timeout: 15_000 });
    // The first look runs at once on the server's worker; the page shows it after a reload.
    for (let tries = 0; tries < 40; tries++) {
      await page.reload();
      await page.locator('[data-testid="rate-watch"][data-state="active"]').waitFor({ timeout: 15_000 });
      if ((await page.getByTestId('rate-watch-latest').count()) > 0) break;
      await new Promise((wait) => setTimeout(wait, 500));
    }
    const latest = page.getByTestId('rate-watch-latest');
    expect(await latest.textContent()).toMatch(/Viimeksi katsoimme/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('rate-watch').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(docsScreenshots, 'rate-watch-on-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('rate-watch').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(docsScreenshots, 'rate-watch-on-1280.png') });

    await page.getByTestId('rate-watch-stop').click();
    await page.locator('[data-testid="rate-watch"][data-state="stopped"]').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('rate-watch-stopped').textContent()).toMatch(/lopetettu/);
  }, 180_000);
});
