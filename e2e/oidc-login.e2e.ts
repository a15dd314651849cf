import { brands } from '@nordloan/domain/brands/registry';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshots, seriousAxeViolations, signInOnIdentityPage } from './support/api-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 11 (ADR 0029): the e-ID login in the browser, the real protocol end to end — the personal page's
// "Log in with BankID/MitID/…" button, the API's authorization request (PKCE, state, nonce), the local
// e-ID provider's identity page, the code exchange and ID token check in the API, and the §4 hand-back
// `#token=…&provider-name=…` read by the page — for one brand per country, and the cross-domain
// hand-over of no-alt1 (log in on its site, land signed in on its personal-page host).

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ensureWebAppBuilt();
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** What the session layer stored for the login (ADR 0005: sessionStorage `nordloan-auth`). */
async function storedAuth(page: Page) {
  return page.evaluate(() => {
    const state = JSON.parse(sessionStorage.getItem('nordloan-auth') ?? '{}')?.state ?? {};
    return { authMethod: state.authMethod as string | null, token: state.token as string | null };
  });
}

function personalPageUrl(brandId: keyof typeof brands): string {
  const brand = brands[brandId];
  const host = brand.paths.myPageHost === 'separate' ? `mine.${brandId}.localhost` : `${brandId}.localhost`;
  return `http://${host}:${server.port}${brand.paths.myPage}`;
}

describe('e-ID login (OpenID Connect) against the local provider', () => {
  it.each([
    ['no-main', 'NO', 'Logg inn med BankID', 'nb-NO', 'pick'],
    ['se-main', 'SE', 'Logga in med BankID', 'sv-SE', 'type'],
    ['fi-main', 'FI', 'Tunnistaudu', 'fi-FI', 'type'],
    ['dk-main', 'DK', 'Log ind med MitID', 'da-DK', 'pick'],
  ] as const)(
    '%s: the e-ID button, the identity page, and back signed in',
    async (brandId, country, label, lang, how) => {
      const page = await newPage();
      const url = personalPageUrl(brandId);
      await page.goto(url);
      await page.getByRole('button', { name: label }).click();

      // The provider's identity page, in the country's language; axe finds nothing serious there.
      const identityPage = page.getByTestId('eid-identity-page');
      await identityPage.waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).port).toBe(new URL(server.eidProviderUrl).port);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      expect(await seriousAxeViolations(page), 'identity page').toEqual([]);
      if (brandId === 'no-main') await saveScreenshots(page, 'oidc-identity-page-no');

      if (how === 'pick') {
        await identityPage.locator('button[name="nationalId"]').first().click();
      } else {
        await signInOnIdentityPage(page, makeTestNationalId(country, '1983-08-19', 2));
      }

      await page.locator('[data-logged-in="true"]').waitFor({ timeout: 30_000 });
      expect(`${new URL(page.url()).origin}${new URL(page.url()).pathname}`).toBe(url);
      // §2: the token left the address bar as soon as it was read; §4: the method is idp.
      expect(page.url()).not.toContain('token=');
      const auth = await storedAuth(page);
      expect(auth.authMethod).toBe('idp');
      const claims = JSON.parse(Buffer.from(auth.token!.split('.')[1]!, 'base64url').toString());
      expect(claims.Roles).toEqual([{ Name: 'Person', Country: country }]);
      await page.context().close();
    },
  );

  it('refuses a wrong national id on the identity page and stays there with the error', async () => {
    const page = await newPage();
    await page.goto(personalPageUrl('no-main'));
    await page.getByRole('button', { name: 'Logg inn med BankID' }).click();
    await signInOnIdentityPage(page, '01010112345');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('Fødselsnummeret er ikke gyldig.');
    expect(await seriousAxeViolations(page), 'identity page with an error').toEqual([]);
    await page.context().close();
  });

  it('cancelling at the provider comes back to the page, not signed in, with the reason', async () => {
    const page = await newPage();
    const url = personalPageUrl('se-main');
    await page.goto(url);
    await page.getByRole('button', { name: 'Logga in med BankID' }).click();
    await page.getByRole('button', { name: 'Avbryt inloggningen' }).click();
    await page.getByTestId('eid-login-panel').waitFor({ timeout: 30_000 });
    expect(page.url()).toBe(url);
    expect((await storedAuth(page)).token ?? null).toBeNull();
    // ADR 0039: it says so in the brand's language; the login button is the way to try again.
    const message = page.getByTestId('eid-login-error');
    await message.waitFor({ timeout: 10_000 });
    expect(await message.textContent()).toBe(
      'Du avbröt inloggningen med BankID. Försök igen när du är redo.',
    );
    expect(await seriousAxeViolations(page), 'cancelled login').toEqual([]);
    await page.context().close();
  });

  it('no-alt1: logs in on the brand site and lands signed in on its personal-page host', async () => {
    const page = await newPage();
    await page.goto(`http://no-alt1.localhost:${server.port}/`);
    await page.getByTestId('eid-login-header').getByRole('button', { name: 'Logg inn med BankID' }).click();
    await page.getByTestId('eid-identity-page').locator('button[name="nationalId"]').nth(1).click();

    await page.locator('[data-logged-in="true"]').waitFor({ timeout: 30_000 });
    const landed = new URL(page.url());
    expect(landed.host).toBe(`mine.no-alt1.localhost:${server.port}`);
    expect(landed.pathname).toBe(brands['no-alt1'].paths.myPage);
    // The token is neither in the address nor in the entry history keeps for this page.
    expect(page.url()).not.toContain('token=');
    expect(await page.evaluate(() => window.location.hash)).toBe('');
    expect((await storedAuth(page)).authMethod).toBe('idp');
    await saveScreenshots(page, 'oidc-no-alt1-personal-page');
    await page.context().close();
  });

  it('back office: staff sign in with the company account (staff provider) and see their roles', async () => {
    const page = await newPage();
    await page.goto(`http://backoffice.localhost:${server.port}/`);
    await page.getByRole('button', { name: 'Sign in with your company account' }).click();
    const identityPage = page.getByTestId('eid-identity-page');
    await identityPage.waitFor({ timeout: 30_000 });
    expect(await seriousAxeViolations(page), 'staff identity page').toEqual([]);
    await identityPage.getByRole('button', { name: 'Sign in as Nora Berg' }).click();
    await page.getByTestId('agent-name').filter({ hasText: 'Nora Berg' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).host).toBe(`backoffice.localhost:${server.port}`);
    expect(page.url()).not.toContain('token=');
    await page.context().close();
  });

  it('back office: a cancelled company sign-in comes back to the sign-in page with the reason', async () => {
    const page = await newPage();
    await page.goto(`http://backoffice.localhost:${server.port}/`);
    await page.getByRole('button', { name: 'Sign in with your company account' }).click();
    await page.getByTestId('eid-identity-page').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Cancel sign-in' }).click();
    const reason = page.getByTestId('sign-in-error');
    await reason.waitFor({ timeout: 30_000 });
    expect(await reason.textContent()).toContain('The sign-in was cancelled');
    expect(page.url()).not.toContain('eid-error');
    expect(await seriousAxeViolations(page), 'sign-in page with the reason').toEqual([]);
    await page.context().close();
  });
});
