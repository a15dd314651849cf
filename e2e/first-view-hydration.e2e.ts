import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 12 goal 3, ADR 0041: the apply page's first view comes in the HTML, `inert` until the app listens,
// and the app hydrates it — the painted nodes stay, so the largest paint is the server's — unless the tab
// keeps something the build could not know (a session, a draft), when the app renders afresh instead.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

const applyUrl = () => `http://no-main.localhost:${server.port}/soknad/forbrukslan`;

/** A page whose scripts wait until `release()`, so the test sees the HTML's own paint first. */
async function pageWithHeldScripts(setup?: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await setup?.(page);
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => (released ? route.continue() : held.push(route)));
  const release = async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
  return { page, problems, requests, release };
}

beforeAll(async () => {
  ensureWebAppBuilt();
  ({ server, browser } = await startServerAndBrowser());
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('the apply page’s first view', () => {
  it('is painted from the HTML, inert, and then hydrated in place and usable', async () => {
    const { page, problems, requests, release } = await pageWithHeldScripts();
    await page.goto(applyUrl(), { waitUntil: 'commit' });
    // Before any script (module scripts hold DOMContentLoaded back): the build's view, not yet usable.
    const heading = await page.waitForSelector('h1');
    expect(await heading.textContent()).toBe('Søk om forbrukslån');
    expect(await page.locator('#root').getAttribute('inert')).toBe('');
    const amount = await page.getByTestId('amount-field-input').elementHandle();

    await release();
    await page.waitForSelector('#root:not([inert])');
    // The same nodes: hydrated, not replaced (a replaced view is a second, later largest paint).
    expect(await heading.evaluate((node) => node.isConnected)).toBe(true);
    expect(await amount!.evaluate((node) => node.isConnected)).toBe(true);
    expect(await page.locator('#root').getAttribute('data-first-view')).toBeNull();

    // And it works: the typed amount moves the slider and the monthly example.
    const before = await page.getByTestId('example-monthly').textContent();
    await page.getByTestId('amount-field-input').fill('300000');
    await page.getByTestId('amount-field-input').blur();
    await expect.poll(() => page.getByTestId('amount-field-slider').inputValue()).toBe('300000');
    await expect.poll(() => page.getByTestId('example-monthly').textContent()).not.toBe(before);
    // React reports a hydration that did not match as a recoverable error; the CSP one it refused.
    expect(problems.filter((text) => /hydrat|#418|#425|did not match|Content Security/i.test(text))).toEqual(
      [],
    );
    // The style sheets came in the HTML (and the page chunk's was not fetched again when it loaded).
    expect(requests.filter((path) => path.endsWith('.css'))).toEqual([]);
    await page.close();
  });

  it('is rendered afresh when the tab keeps something the build could not know', async () => {
    const { page, release } = await pageWithHeldScripts(async (page) => {
      await page.addInitScript(() => sessionStorage.setItem('nordloan-first-view-test', '1'));
    });
    await page.goto(applyUrl(), { waitUntil: 'commit' });
    const heading = await page.waitForSelector('h1');
    await release();
    await page.waitForSelector('#root:not([inert])');
    expect(await heading.evaluate((node) => node.isConnected)).toBe(false);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Søk om forbrukslån');
    await page.getByTestId('amount-field-input').fill('300000');
    await page.getByTestId('amount-field-input').blur();
    await expect.poll(() => page.getByTestId('amount-field-slider').inputValue()).toBe('300000');
    await page.close();
  });
});
