import type { BrandId } from '@nordloan/domain/brands/registry';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openPersonalPage,
  saveScreenshots,
  seriousAxeViolations,
  waitForOffersOnPage,
} from './support/api-helpers.ts';
import { completeApplication } from './support/apply-helpers.ts';
import { internalIdsShown } from './support/leak-scan.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 6, fi-compare and dk-main: apply in the apply UI, then see the offers arrive on the personal page
// in Finnish (/hakemukseni/yksityislaina) and Danish (/mypage), every figure in the brand's format.
// axe on every page visited.

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

const cases: {
  brandId: BrandId;
  country: 'FI' | 'DK';
  path: string;
  lang: string;
  texts: { complete: string; rate: string; example: RegExp; sentence: string; sort: string };
  money: RegExp;
}[] = [
  {
    brandId: 'fi-compare',
    country: 'FI',
    path: '/hakemukseni/yksityislaina',
    lang: 'fi-FI',
    texts: {
      complete: 'kaikki pankit ovat vastanneet',
      rate: 'Todellinen vuosikorko',
      example: /\d/,
      sentence: 'Olet saanut tarjouksia',
      sort: 'Järjestä',
    },
    money: /^\d{1,3}( \d{3})* €$/,
  },
  {
    brandId: 'dk-main',
    country: 'DK',
    path: '/mypage',
    lang: 'da-DK',
    texts: {
      complete: 'alle bankerne har svaret',
      rate: 'ÅOP',
      example: /ÅOP/,
      sentence: 'Du har fået tilbud',
      sort: 'Sortér efter',
    },
    money: /^\d{1,3}(\.\d{3})* kr\.$/,
  },
];

describe('offers in Finnish and Danish', () => {
  for (const item of cases) {
    it(`${item.brandId}: apply, then the offers on ${item.path} in ${item.lang}`, async () => {
      // A context of its own per brand: nothing of one journey (storage, cookies) reaches the other.
      const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const nationalId = makeTestNationalId(item.country, '1983-05-21', item.country === 'FI' ? 21 : 22);
      const violations: Record<string, string[]> = {};
      // axe, and no internal id or code shown to the applicant (issue 38: uuids, terms version labels).
      const check = async (name: string) => {
        const found = [
          ...(await seriousAxeViolations(page)),
          ...(await internalIdsShown(page)).map((line) => `internal id shown: ${line}`),
        ];
        if (found.length) violations[name] = found;
      };

      const sent = await completeApplication(page, {
        baseUrl: server.baseUrl,
        brandId: item.brandId,
        product: 'UnsecuredLoan',
        nationalId,
        onStep: (step) => check(`apply ${step}`),
      });

      await openPersonalPage(page, `http://${item.brandId}.localhost:${server.port}${item.path}`, nationalId);
      expect(await page.getAttribute('html', 'lang')).toBe(item.lang);
      const application = page.locator(`[data-application-id="${sent.applicationId}"]`);
      await application.waitFor();
      await waitForOffersOnPage(page);
      // Every bank has answered: the one state line says so (issue 38).
      await expect
        .poll(() => application.getByTestId('application-state').getAttribute('data-state'), {
          timeout: 60_000,
        })
        .toBe('choose-offer');
      expect(await application.getByTestId('application-state').textContent()).toContain(item.texts.complete);
      const offer = application.getByTestId('offer').first();
      expect(await offer.textContent()).toContain(item.texts.rate);
      expect(await offer.locator('.offer__example').textContent()).toMatch(item.texts.example);
      const money = (await offer.getByTestId('offer-total-cost').textContent())?.replace(
        /[\u00a0\u202f]/g,
        ' ',
      );
      expect(money).toMatch(item.money);
      expect(await application.getByTestId('status-sentence').textContent()).toContain(item.texts.sentence);
      if ((await application.getByTestId('offer').count()) > 1) {
        expect(await application.getByText(item.texts.sort).count()).toBe(1);
      }
      // No English on a Nordic page (the page's own texts; the brand names are fictional proper names).
      // 'Status' is not listed: it is Danish, Swedish and Norwegian too ("Status for ansøgningen"). Whole
      // words by Unicode letters: Danish "Acceptér" is not the English "Accept" (\b ends a word at 'é').
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).not.toMatch(/(?<!\p{L})(Accept|Offer|Monthly|Loading|Total cost)(?!\p{L})/u);

      await check('personal page');
      await saveScreenshots(page, `journey-${item.brandId}`);
      expect(violations).toEqual({});
      await context.close();
    });
  }
});
