import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSubmittedApplication,
  getConsentState,
  giveMarketingConsent,
  loginOnPersonalPage,
  saveScreenshots,
  seriousAxeViolations,
} from './support/api-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 6: the applicant revokes marketing consent on the personal page (§7 DELETE /customer/{id}/consent)
// and sees the result; the API agrees afterwards. On no-alt1, whose personal page is on its own host
// (`mine.no-alt1.localhost`, brands.md).

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  ensureWebAppBuilt();
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('marketing consent on the personal page', () => {
  it('no-alt1 (separate host): consent given on e-mail, SMS and phone is revoked and shown revoked', async () => {
    const application = await createSubmittedApplication(server.baseUrl, { country: 'NO', brand: 'no-alt1' });
    await giveMarketingConsent(server.baseUrl, application, 'no-alt1');

    const page = await context.newPage();
    const url = `http://mine.no-alt1.localhost:${server.port}/mine-tilbud`;
    await page.goto(url);
    expect(await seriousAxeViolations(page), 'login page').toEqual([]);
    await loginOnPersonalPage(page, url, application.nationalId);

    const panel = page.getByTestId('marketing-consent');
    // A named section below the offers (issue 38): opened to revoke.
    await panel.locator('summary').click();
    await expect.poll(() => panel.getByTestId('consent-state').textContent()).toContain('e-post');
    expect(await panel.getByTestId('consent-state').textContent()).toContain('SMS');
    expect(await seriousAxeViolations(page), 'personal page').toEqual([]);

    await panel.getByRole('button', { name: 'Trekk tilbake samtykket' }).click();
    await expect
      .poll(() => panel.getByTestId('consent-result').textContent())
      .toContain('Samtykket til markedsføring er trukket tilbake');
    await expect
      .poll(() => panel.getByTestId('consent-state').textContent())
      .toBe('Du har ikke samtykket til markedsføring.');
    expect(await panel.getByRole('button', { name: 'Trekk tilbake samtykket' }).count()).toBe(0);

    const state = await getConsentState(server.baseUrl, application, 'no-alt1');
    const marketing = state.Consents.filter((consent) => consent.Purpose === 'marketing');
    expect(marketing.length).toBeGreaterThan(0);
    expect(marketing.every((consent) => consent.Status === 'revoked')).toBe(true);

    expect(await seriousAxeViolations(page), 'after revoking').toEqual([]);
    await saveScreenshots(page, 'my-page-consent');
    await page.close();
  });
});
