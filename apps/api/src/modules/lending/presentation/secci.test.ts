import { brands } from '@nordloan/domain/brands/registry';
import type { QuotesPresentationV2 } from '@nordloan/domain/lending/loan-quote.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompleteApplication,
  fixedExternalData,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

// Issue 34 item 6 (CCD2 arts. 10–11, 37–38, ADR 0064): the SECCI a Swedish applicant receives is in
// Swedish and states our role — an independent credit intermediary tied to no lender, giving no advice —
// and our licence with Finansinspektionen, from the brand registry.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const decode = (html: string) => html.replace(/&#39;/g, "'").replace(/&amp;/g, '&');

describe('the SECCI of a Swedish brand', () => {
  it('se-main: in Swedish, with our role as an independent, untied intermediary and our licence', async () => {
    const application = await createCompleteApplication(t, { country: 'SE', amount: 200_000, duration: 6 });
    await submit(t, application);
    await settle(t, testWorker(t, { externalData: fixedExternalData() }));
    const presentation = (
      await t.app.inject({
        method: 'GET',
        url: `/loan-quote-presentation/v2/application/${application.id}/quotes`,
        headers: bearer(application.token),
      })
    ).json() as QuotesPresentationV2;
    const offer = presentation.Groups.flatMap((group) => group.Quotes)[0]!;

    const page = await t.app.inject({
      method: 'GET',
      url: `/loan-quote/${offer.ID}/secci`,
      headers: bearer(application.token),
    });
    expect(page.statusCode).toBe(200);
    const html = decode(page.body);
    const { organisation } = brands['se-main'];
    expect(html).toContain('<html lang="sv">');
    expect(html).toContain('<h1>Standardiserad europeisk konsumentkreditinformation</h1>');
    for (const text of ['Kreditgivare', 'Effektiv ränta', 'Ångerrätt', 'Förtidsbetalning'])
      expect(html).toContain(text);
    expect(html).toContain(
      `<th scope="row">Kreditförmedlare</th><td>${organisation.name} (${organisation.number})`,
    );
    expect(html).toContain(
      `<th scope="row">Kreditförmedlarens roll</th><td>Oberoende kreditförmedlare, inte knuten till någon kreditgivare. Tillstånd från Finansinspektionen (Företagsregistret), nr ${organisation.registration.registrationNumber}. Vi ger ingen rådgivning; kreditgivaren lämnar krediten.</td>`,
    );
    // Nothing Norwegian or English on it.
    expect(html).not.toMatch(/Låneformidler|Angrerett|Effective rate|intermediary/);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/loan-quote/${offer.ID}/secci.pdf`,
      headers: bearer(application.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
