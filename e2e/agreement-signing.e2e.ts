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
  waitForQuotes,
} from './support/api-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 36 item 1 (ADR 0075), in Norway on a 390 px phone: after the acceptance the lender's agreement is on
// the personal page; the applicant reads it and signs with the stand-in BankID; the lender receives it and
// the signing is recorded where the withdrawal right reads it (its 14 days start).

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

async function api<T>(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as T };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let tries = 0; tries < 120; tries++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`${what} did not happen`);
}

describe('sign the loan agreement with BankID on the personal page (NO, 390 px)', () => {
  let page: Page;

  it('accepts an offer, reads the agreement, signs it with the stand-in BankID; the lender receives it', async () => {
    const nationalId = nextNationalId('NO');
    const { applicationId, token } = await createSubmittedApplication(server.baseUrl, {
      country: 'NO',
      brand: 'no-main',
      nationalId,
    });
    await waitForQuotes(server.baseUrl, token, applicationId);
    const { json } = await api<{ Groups: { Quotes: { ID: string }[] }[] }>(
      'GET',
      `/loan-quote-presentation/v2/application/${applicationId}/quotes`,
      token,
    );
    const offer = json.Groups.flatMap((group) => group.Quotes)[0]!;
    expect((await api('POST', `/loan-quote/${offer.ID}/accept`, token, { Consent: true })).status).toBe(201);
    await until(
      () => api<{ State: string }>('GET', `/loan-application/${applicationId}/agreement`, token),
      (answer) => answer.json?.State === 'awaiting-signatures',
      "the lender's agreement",
    );

    page = await browser.newPage({ viewport: phone });
    await openPersonalPage(
      page,
      `http://no-main.localhost:${server.port}${brands['no-main'].paths.myPage}`,
      nationalId,
    );
    const panel = page.getByTestId('agreement-signing');
    await panel.getByTestId('agreement-read').waitFor({ timeout: 30_000 });
    expect(await panel.textContent()).toMatch(/Les avtalen fra .* før du signerer/);
    const pdf = await fetch(`${server.baseUrl}/loan-application/${applicationId}/agreement/document`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const sign = panel.getByTestId('agreement-sign');
    expect(await sign.isDisabled()).toBe(true);
    await panel.getByTestId('agreement-read').check();
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, 'agreement-signing-no-390-read.png') });
    await sign.click();
    await panel.getByTestId('agreement-pending').waitFor();
    expect(await panel.getByTestId('agreement-pending').textContent()).toMatch(/BankID/);
    await panel.getByTestId('agreement-complete').waitFor({ timeout: 20_000 });
    expect(await panel.getByTestId('agreement-complete').textContent()).toMatch(/Angrefristen på 14 dager/);

    // The lender receives the signed agreement (the job), and the withdrawal right runs from the signing.
    const signed = await until(
      () =>
        api<{ LenderNotified: boolean; CompletedAt: string }>(
          'GET',
          `/loan-application/${applicationId}/agreement`,
          token,
        ),
      (answer) => answer.json?.LenderNotified === true,
      'the lender receiving the signed agreement',
    );
    const withdrawal = await api<{ State: string; SignedAt: string }>(
      'GET',
      `/loan-application/${applicationId}/credit-withdrawal`,
      token,
    );
    expect(withdrawal.json.State).toBe('open');
    expect(Date.parse(withdrawal.json.SignedAt)).toBeLessThanOrEqual(Date.parse(signed.json.CompletedAt));
    const again = await api<{ Message: string }>(
      'POST',
      `/loan-application/${applicationId}/agreement/signatures`,
      token,
      {},
    );
    expect(again.status).toBe(409);

    await page.reload();
    await panel.getByTestId('agreement-complete').waitFor({ timeout: 20_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, 'agreement-signing-no-390.png') });
  }, 120_000);
});
