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
  screenshotDir,
  seriousAxeViolations,
  waitForOffersOnPage,
  waitForQuotes,
} from './support/api-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 34 items 4 and 5 (ADR 0066), in Finland on a 390 px phone: an offer explained from its own
// figures (CCD2 art. 12), and a signed agreement withdrawn online in two steps (art. 26; HE 120/2025
// asks Finnish creditors and intermediaries for an online withdrawal function).

let server: RunningServer;
let browser: Browser;
const phone = { width: 390, height: 844 };

beforeAll(async () => {
  ensureWebAppBuilt();
  mkdirSync(screenshotDir, { recursive: true });
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

async function api<T>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as T };
}

/** The lender reports the agreement signed: a signed callback, as the sandbox lender sends it (ADR 0062). */
async function reportSigned(offer: Offer): Promise<void> {
  const body = JSON.stringify({
    MessageId: randomUUID(),
    SentAt: new Date().toISOString(),
    LenderId: offer.Lender.ID,
    Type: 'agreement-signed',
    ApplicationReference: offer.LoanRequestID,
    QuoteId: offer.ID,
    SignedAt: new Date().toISOString(),
  });
  const secret = `sandbox-lender-secret-${offer.Lender.ID}-not-for-production`;
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  const response = await fetch(`${server.baseUrl}/lender-api/callbacks/${offer.Lender.ID}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'nordloan-signature': `t=${timestamp},v1=${signature}` },
    body,
  });
  expect(response.status, await response.text()).toBeLessThan(300);
}

async function waitForStatusAtLeast(token: string, applicationId: string, status: number): Promise<void> {
  for (let tries = 0; tries < 120; tries++) {
    const { json } = await api<{ Status: number }>('GET', `/loan-application/${applicationId}`, token);
    if (json.Status >= status) return;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`status did not reach ${status}`);
}

const myPage = () => `http://mine.fi-main.localhost:${server.port}${brands['fi-main'].paths.myPage}`;

describe('explain an offer and withdraw a signed agreement (FI, 390 px)', () => {
  let page: Page;
  let nationalId: string;
  let applicationId: string;
  let token: string;

  beforeAll(async () => {
    nationalId = nextNationalId('FI');
    const created = await createSubmittedApplication(server.baseUrl, {
      country: 'FI',
      brand: 'fi-main',
      nationalId,
    });
    applicationId = created.applicationId;
    token = created.token;
    await waitForQuotes(server.baseUrl, token, applicationId);
    page = await browser.newPage({ viewport: phone });
  }, 120_000);

  it("explains the first offer with the offer's own figures, in Finnish, in an accessible dialog", async () => {
    await openPersonalPage(page, myPage(), nationalId);
    await waitForOffersOnPage(page);
    const offer = page.getByTestId('offer').first();
    const figures = {
      rate: (await offer.getByTestId('offer-rate').textContent())!.trim(),
      monthly: (await offer.getByTestId('offer-monthly').textContent())!.trim(),
      totalCost: (await offer.getByTestId('offer-total-cost').textContent())!.trim(),
    };
    const open = offer.getByTestId('explain-offer');
    await open.click();
    const dialog = page.getByTestId('explain-offer-dialog');
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    expect(await dialog.getByTestId('explain-rate').textContent()).toContain(figures.rate);
    const cost = (await dialog.getByTestId('explain-cost').textContent())!;
    expect(cost).toContain(figures.monthly);
    expect(cost).toContain(figures.totalCost);
    expect(await dialog.getByTestId('explain-late').textContent()).toMatch(/viivästyskorkoa.*korkolaki 4 §/);
    expect(await dialog.getByTestId('explain-withdrawal').textContent()).toMatch(/14 päivän/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotDir, 'explain-offer-fi-390.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await open.evaluate((button) => button === document.activeElement)).toBe(true);
  }, 60_000);

  it('withdraws the signed agreement online in two steps; a second withdrawal is refused', async () => {
    const { json } = await api<{ Groups: { Quotes: Offer[] }[] }>(
      'GET',
      `/loan-quote-presentation/v2/application/${applicationId}/quotes`,
      token,
    );
    const offer = json.Groups.flatMap((group) => group.Quotes)[0]!;
    const accepted = await api('POST', `/loan-quote/${offer.ID}/accept`, token, { Consent: true });
    expect(accepted.status).toBe(201);
    await waitForStatusAtLeast(token, applicationId, 510);
    await reportSigned(offer);

    await page.reload();
    const panel = page.getByTestId('credit-withdrawal');
    await page.locator('[data-testid="credit-withdrawal"][data-state="open"]').waitFor({ timeout: 30_000 });
    await panel.getByTestId('credit-withdrawal-start').click();
    const dialog = page.getByTestId('credit-withdrawal-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Haluatko peruuttaa luottosopimuksen/);
    await dialog.getByTestId('credit-withdrawal-confirm').click();
    await page
      .locator('[data-testid="credit-withdrawal"][data-state="withdrawn"]')
      .waitFor({ timeout: 15_000 });
    expect(await panel.getByTestId('credit-withdrawal-done').textContent()).toMatch(/Peruutit sopimuksen/);
    // Withdrawn before the payout: since ADR 0077 nothing is paid out before the signing, and the sandbox
    // lender pays out only once it holds the signed evidence of an e-ID signing here, which this test's
    // report of a signing at the lender does not give it — so there is nothing to pay back (the amount to pay
    // back after a payout: credit-withdrawal-panel.test.tsx).
    expect(await panel.getByTestId('withdrawal-payback').textContent()).toMatch(
      /Lainaa ei ole vielä maksettu sinulle/,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, 'credit-withdrawal-fi-390.png') });

    const again = await api<{ Message: string }>(
      'POST',
      `/loan-application/${applicationId}/credit-withdrawal`,
      token,
      {
        Confirm: true,
      },
    );
    expect(again.status).toBe(409);
    expect(again.json.Message).toMatch(/already been withdrawn/);
  }, 90_000);
});
