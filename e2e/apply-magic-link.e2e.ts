import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { brands } from '@nordloan/domain/brands/registry';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandBaseUrl,
  identifyWithEid,
  seriousAxeViolations,
  testPhone,
  testPostalCode,
  waitForStep,
} from './support/apply-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 6: leave mid-application and come back by magic link to the same step with the data kept. The
// link is read from the development inbox (GET /dev/inbox/messages, apps/api modules/messages: what crossed
// the server's local SMTP sink; issue 11), as the applicant would read it from their e-mail; it opens in a
// new browser (nothing in the tab's storage).

const screenshotDir = join(import.meta.dirname, 'screenshots');
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ensureWebAppBuilt();
  mkdirSync(screenshotDir, { recursive: true });
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('magic link', () => {
  it('no-main: leave at the employment step, come back by the e-mailed link to that step, data kept', async () => {
    const brand = brands['no-main'];
    const base = brandBaseUrl(server.baseUrl, 'no-main');
    const email = 'magic-link-applicant@example.com';

    // First visit: loan (a typed amount), login, address, household; then "send me a link" and leave.
    const first = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 2 });
    const page = await first.newPage();
    await page.goto(`${base}${brand.paths.applyUnsecured}`);
    await waitForStep(page, 'loan');
    await page.getByTestId('amount-field-input').fill('235000');
    await page.getByTestId('duration-field-input').fill('3');
    await page.getByTestId('field-loanPurpose').selectOption('Holiday');
    await page.getByTestId('step-submit').click();
    await identifyWithEid(page, {
      nationalId: makeTestNationalId('NO', '1982-07-19', 3),
      email,
      phone: testPhone.NO,
    });
    await page.getByTestId('field-firstName').fill('Magnhild');
    await page.getByTestId('field-lastName').fill('Lenkesen');
    await page.getByTestId('field-street').fill('Lenkeveien 7');
    await page.getByTestId('field-postalCode').fill(testPostalCode.NO);
    await page.getByTestId('field-city').fill('Oslo');
    await page.getByTestId('step-submit').click();
    await waitForStep(page, 'household');
    await page.getByTestId('field-maritalStatus').selectOption('Cohabiting');
    await page.getByTestId('field-education').selectOption('Vocational school');
    await page.getByTestId('field-livingSituation').selectOption('Own apartment');
    await page.getByTestId('field-housingType').selectOption('Townhouse/semi-detached house');
    await page.getByTestId('field-housingCostMonthly').fill('11 500');
    await page.getByTestId('field-childrenCount').fill('2');
    await page.getByTestId('step-submit').click();
    await waitForStep(page, 'employment');
    await page.getByTestId('send-magic-link').click();
    await page.getByTestId('magic-link-sent').waitFor();
    expect(await page.getByTestId('magic-link-sent').textContent()).toContain('m***@example.com');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotDir, 'apply-magic-link-sent.png'), fullPage: true });
    await first.close();

    // The e-mail, as it arrived over SMTP: the worker sends it from the outbox moments after the click.
    let inbox: { Channel: string; Body: string; Html: string | null }[] = [];
    for (let tries = 0; tries < 60 && inbox.length === 0; tries++) {
      if (tries > 0) await new Promise((wait) => setTimeout(wait, 250));
      inbox = await (
        await fetch(`${server.baseUrl}/dev/inbox/messages?to=${encodeURIComponent(email)}`)
      ).json();
    }
    expect(
      inbox.map((message) => message.Channel),
      JSON.stringify(inbox),
    ).toEqual(['email']);
    const token = inbox[0]?.Body.match(/#magic=([A-Za-z0-9_-]{43})/)?.[1];
    expect(token, JSON.stringify(inbox)).toBeTruthy();
    expect(inbox[0]?.Html).toContain(`#magic=${token}`);

    // The development inbox page shows it too.
    const inboxPage = await browser.newPage();
    await inboxPage.goto(`${server.baseUrl}/dev/inbox?to=${encodeURIComponent(email)}`);
    expect(await inboxPage.locator('.message').count()).toBe(1);
    await inboxPage.screenshot({ path: join(screenshotDir, 'dev-inbox.png'), fullPage: true });
    await inboxPage.close();

    // Second visit, another browser: the link logs in and lands on the step that was next.
    const second = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const back = await second.newPage();
    await back.goto(`${base}${brand.paths.applyUnsecured}#magic=${token}`);
    await waitForStep(back, 'employment');
    // §2 the token left the address bar; the step is in it (issue 38: each step a history entry).
    expect(back.url()).toBe(`${base}${brand.paths.applyUnsecured}?step=employment`);
    expect(await seriousAxeViolations(back)).toEqual([]);
    await back.screenshot({ path: join(screenshotDir, 'apply-magic-link-back.png'), fullPage: true });

    // The data is kept: household, address and the loan terms.
    await back.getByRole('button', { name: 'Tilbake' }).click();
    await waitForStep(back, 'household');
    expect(await back.getByTestId('field-maritalStatus').inputValue()).toBe('Cohabiting');
    expect(await back.getByTestId('field-housingType').inputValue()).toBe('Townhouse/semi-detached house');
    expect(await back.getByTestId('field-housingCostMonthly').inputValue()).toBe('11500');
    expect(await back.getByTestId('field-childrenCount').inputValue()).toBe('2');
    await back.getByRole('button', { name: 'Tilbake' }).click();
    await waitForStep(back, 'address');
    expect(await back.getByTestId('field-firstName').inputValue()).toBe('Magnhild');
    expect(await back.getByTestId('field-street').inputValue()).toBe('Lenkeveien 7');
    await back.getByRole('button', { name: 'Tilbake' }).click();
    await waitForStep(back, 'identify');
    expect(await back.getByTestId('field-email').inputValue()).toBe(email);
    await back.getByRole('button', { name: 'Tilbake' }).click();
    await waitForStep(back, 'loan');
    expect((await back.getByTestId('amount-field-input').inputValue()).replace(/\D/g, '')).toBe('235000');
    expect(await back.getByTestId('duration-field-input').inputValue()).toBe('3');
    expect(await back.getByTestId('field-loanPurpose').inputValue()).toBe('Holiday');

    // The link is used up (ADR 0010): the same link does not log in a third browser.
    const third = await browser.newContext();
    const again = await third.newPage();
    await again.goto(`${base}${brand.paths.applyUnsecured}#magic=${token}`);
    await waitForStep(again, 'loan');
    await again.waitForTimeout(500);
    expect(await again.locator('article[data-step="loan"]').count()).toBe(1);
    await third.close();
    await second.close();
  }, 120_000);
});
