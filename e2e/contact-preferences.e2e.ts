import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSubmittedApplication,
  giveMarketingConsent,
  loginOnPersonalPage,
  saveScreenshots,
  seriousAxeViolations,
} from './support/api-helpers.ts';
import { createAgent, staffCall } from './support/backoffice-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 13 item 7 (ADR 0037): the applicant ticks "no sales calls" on the personal page; the sales order
// made while they said yes leaves the back office's call list, and the contact log is on the page.

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

describe('contact preferences on the personal page', () => {
  it('no-main: "no sales calls" keeps the applicant off the call list; the page passes axe', async () => {
    const application = await createSubmittedApplication(server.baseUrl, { country: 'NO', brand: 'no-main' });
    await giveMarketingConsent(server.baseUrl, application, 'no-main');
    await staffCall(server.baseUrl, 'PATCH', `/customer/${application.CustomerID}`, {
      token: application.token,
      body: { Phone: '+4791234561' },
    });
    const seller = await createAgent(server.baseUrl, 'Selma Salg', [{ Name: 'Sales', Country: 'NO' }]);
    const order = await staffCall<{ ID: string }>(server.baseUrl, 'POST', '/backoffice/call-orders', {
      token: seller.token,
      body: { LoanApplicationID: application.applicationId, OutboundNumberType: 'broker', Tags: ['sales'] },
    });
    const callList = async () =>
      (
        await staffCall<{ Items: { ID: string }[] }>(
          server.baseUrl,
          'GET',
          '/backoffice/call-list?limit=100',
          {
            token: seller.token,
          },
        )
      ).body.Items.map((item) => item.ID);
    expect(await callList()).toContain(order.body.ID);

    const page = await context.newPage();
    const url = `http://no-main.localhost:${server.port}/mine-tilbud`;
    await loginOnPersonalPage(page, url, application.nationalId);
    const panel = page.getByTestId('contact-preferences');
    await panel.waitFor();
    // A named section below the offers (issue 38): opened to change the settings.
    await panel.locator('summary').click();
    expect(await panel.getByLabel('Ikke ring meg med salg').isChecked()).toBe(false);
    expect(await seriousAxeViolations(page), 'personal page').toEqual([]);

    await panel.getByLabel('Ikke ring meg med salg').check();
    await panel.getByRole('button', { name: 'Lagre valgene' }).click();
    await expect
      .poll(() => panel.getByTestId('contact-preferences-result').textContent())
      .toContain('Valgene dine er lagret.');
    await expect.poll(callList).not.toContain(order.body.ID);
    // A call on the order is refused too.
    const refused = await staffCall<{ Message: string }>(
      server.baseUrl,
      'POST',
      `/backoffice/call-orders/${order.body.ID}/calls`,
      { token: seller.token, expect: [409] },
    );
    expect(refused.body.Message).toBe('The customer does not want sales calls');

    await page.reload();
    await page.getByTestId('contact-log-panel').waitFor();
    expect(
      await page.getByTestId('contact-preferences').getByLabel('Ikke ring meg med salg').isChecked(),
    ).toBe(true);
    expect(await seriousAxeViolations(page), 'after saving').toEqual([]);
    await saveScreenshots(page, 'contact-preferences');
    await page.close();
  });
});
