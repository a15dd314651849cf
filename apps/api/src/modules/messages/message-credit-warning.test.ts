import { brandIds, getBrand } from '@nordloan/domain/brands/registry';
import { creditWarningDisplays } from '@nordloan/domain/compliance/credit-warning-display';
import { describe, expect, it } from 'vitest';
import { kindsAdvertisingCredit, messageKinds, renderMessage } from './message-templates.ts';

// CCD2 art. 8(1) (issue 34 item 2, ADR 0064): an e-mail or SMS that puts credit before the reader carries
// the country's warning in its words; Norway has none to show; receipts carry none.

describe('the credit warning in e-mails and SMS', () => {
  it.each(brandIds)(
    '%s: every message that advertises credit carries its country’s warning, the rest none',
    (brandId) => {
      const brand = getBrand(brandId);
      const lines = creditWarningDisplays[brand.country].lines;
      for (const kind of messageKinds) {
        const rendered = renderMessage({
          kind,
          locale: brand.i18n.defaultLocale,
          brandName: brand.name,
          link: `https://${brand.domain}/x`,
        });
        if (kindsAdvertisingCredit.has(kind) && lines.length > 0) {
          for (const line of lines) expect(rendered.text, `${brandId} ${kind}`).toContain(line);
          expect(rendered.html).toContain('data-credit-warning');
          expect(rendered.sms.startsWith(lines[0]!), `${brandId} ${kind} SMS`).toBe(true);
          // Above the message's own words: the first thing after the greeting.
          expect(rendered.text.indexOf(lines[0]!)).toBeLessThan(
            rendered.text.indexOf(`https://${brand.domain}/x`),
          );
        } else {
          expect(rendered.html, `${brandId} ${kind}`).not.toContain('data-credit-warning');
        }
      }
    },
  );

  it('names the kinds that advertise credit: offers, the reminder, the way back to an application, a refinance', () => {
    expect([...kindsAdvertisingCredit].sort()).toEqual([
      'expiry-reminder',
      'magic-link',
      'offers-arrived',
      'rate-watch-saving',
    ]);
    expect(creditWarningDisplays.NO.lines).toEqual([]);
  });
});
