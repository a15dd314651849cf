import { personalPageNames } from '@nordloan/domain/brands/personal-page-name';
import { brandIds, getBrand } from '@nordloan/domain/brands/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOutboxEvents } from '#src/jobs/outbox.repository.ts';
import { relayOutbox } from '#src/jobs/outbox-relay.ts';
import { createCompleteApplication } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { linkBase, originOfRequest, storedLinkOrigin } from './link-origin.service.ts';
import { messageEventPublisher } from './message.service.ts';
import { type MessageKind, messageKinds, renderMessage } from './message-templates.ts';

// Issue 38: every link we send works from the address the product is served at — PUBLIC_BASE_URL, else the
// address the browser used (host and port), never a made-up one — and the messages call the personal page
// what the site calls it.

const test = { env: 'test' as const, publicBaseUrl: undefined };
const noMain = getBrand('no-main');
const noAlt1 = getBrand('no-alt1'); // its personal page is on a host of its own (mine.<host>)

describe('the origin of a request', () => {
  const origin = (host: string | undefined, protocol = 'http', env: 'test' | 'production' = 'test') =>
    originOfRequest({ protocol, headers: { host } }, { env });

  it('is the brand host the browser used, with its port', () => {
    expect(origin('no-main.localhost:3500')).toBe('http://no-main.localhost:3500');
    expect(origin('No-Main.Localhost:41234')).toBe('http://no-main.localhost:41234');
    expect(origin('mine.no-alt1.localhost:3500')).toBe('http://mine.no-alt1.localhost:3500');
    expect(origin('lan-norge.example', 'https', 'production')).toBe('https://lan-norge.example');
  });

  it('is nothing for a host that is no brand, a malformed host, or plain http in production', () => {
    expect(origin('evil.example:3500')).toBeNull();
    expect(origin('127.0.0.1:3500')).toBeNull();
    expect(origin('localhost:3500')).toBeNull();
    expect(origin(undefined)).toBeNull();
    expect(origin('no-main.localhost:3500/x')).toBeNull();
    expect(origin('no-main.localhost@evil.example')).toBeNull();
    expect(origin('lan-norge.example', 'http', 'production')).toBeNull();
    expect(origin('no-main.localhost:3500', 'http', 'production')).toBeNull();
  });
});

describe('the base of a link', () => {
  it('is PUBLIC_BASE_URL when set, as it is', () => {
    const config = { env: 'test' as const, publicBaseUrl: 'https://apply.example.com/' };
    expect(linkBase(config, noMain, 'http://no-main.localhost:3500')).toEqual({
      site: 'https://apply.example.com',
      personalPage: 'https://apply.example.com',
    });
  });

  it("is the browser's address when it is the brand's own, else the brand's form host", () => {
    expect(linkBase(test, noMain, 'http://no-main.localhost:3500')).toEqual({
      site: 'http://no-main.localhost:3500',
      personalPage: 'http://no-main.localhost:3500',
    });
    // Another brand's address, or none: the configured form host.
    for (const other of ['http://se-main.localhost:3500', 'https://evil.example', 'not a url', null]) {
      expect(linkBase(test, noMain, other)).toEqual({
        site: 'https://test.lan-norge.example',
        personalPage: 'https://test.lan-norge.example',
      });
    }
  });

  it('puts the personal page on its own host for a brand that has one, from either of its hosts', () => {
    for (const origin of ['http://no-alt1.localhost:3500', 'http://mine.no-alt1.localhost:3500']) {
      expect(linkBase(test, noAlt1, origin)).toEqual({
        site: 'http://no-alt1.localhost:3500',
        personalPage: 'http://mine.no-alt1.localhost:3500',
      });
    }
  });
});

describe('links in the messages of an application', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date('2026-06-15T10:00:00Z'));
  });
  afterAll(() => t.close());

  async function applicationWithEmail() {
    const application = await createCompleteApplication(t, { country: 'NO' });
    const email = `links-${application.id.slice(0, 8)}@example.no`;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/customer/${application.customerId}`,
      headers: bearer(application.token),
      payload: { Email: email },
    });
    expect(patched.statusCode).toBe(200);
    return { application, email };
  }

  it('a magic link goes to the host and port the request came to, when that is the brand', async () => {
    const { application, email } = await applicationWithEmail();
    for (const host of ['no-main.localhost:41234', 'evil.example:41234']) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/loan-application/${application.id}/magic-link`,
        headers: { ...bearer(application.token), host },
      });
      expect(sent.statusCode).toBe(201);
    }
    await t.deliverMessages();
    const [evil, own] = t.messaging.inbox.smtpSink!.messages(email).map((mail) => mail.text);
    expect(own).toMatch(/http:\/\/no-main\.localhost:41234\/soknad\/forbrukslan#magic=[\w-]{43}/);
    // A host that is no brand's never makes the link: the address the applicant used does.
    expect(evil).toMatch(/http:\/\/no-main\.localhost:41234\/soknad\/forbrukslan#magic=/);
    expect(evil).not.toContain('evil.example');
  });

  it('the submission keeps its address; notifications sent later by the relay link there', async () => {
    const { application, email } = await applicationWithEmail();
    const submitted = await t.app.inject({
      method: 'PATCH',
      url: `/loan-application/${application.id}/application-complete`,
      headers: { ...bearer(application.token), host: 'no-main.localhost:45678' },
      payload: {},
    });
    expect(submitted.statusCode).toBe(200);
    expect(await storedLinkOrigin(t.database.db, application.id)).toBe('http://no-main.localhost:45678');
    await insertOutboxEvents(t.database.db, [
      {
        eventName: 'loan-application-status-changed',
        aggregateType: 'loan-application',
        aggregateId: application.id,
        loanApplicationId: application.id,
        payload: { LoanApplicationID: application.id, From: 310, To: 410 },
        createdAt: t.clock.now(),
      },
    ]);
    await relayOutbox({ db: t.database.db, now: t.clock.now, publish: messageEventPublisher(t.config) });
    await t.deliverMessages();
    const mail = t.messaging.inbox.smtpSink!.messages(email).find((m) => /lånetilbud/.test(m.subject ?? ''));
    expect(mail?.text).toContain('http://no-main.localhost:45678/mine-tilbud');
    expect(mail?.text).toContain('Min side');
  });
});

describe('the words of the messages', () => {
  it("call the personal page by the site's own name in every brand's language", () => {
    const mentioning: MessageKind[] = [
      'offers-arrived',
      'offer-accepted',
      'documents-needed',
      'expiry-reminder',
    ];
    for (const brandId of brandIds) {
      const brand = getBrand(brandId);
      const locale = brand.i18n.defaultLocale;
      for (const kind of messageKinds) {
        const rendered = renderMessage({ kind, locale, brandName: brand.name, link: 'https://x.example/y' });
        const all = `${rendered.subject}\n${rendered.text}\n${rendered.html}\n${rendered.sms}`;
        expect(all, `${brandId} ${kind}`).not.toMatch(/\{\w+\}/);
        // Finnish inflects "Omat sivut" (Omilla sivuilla); the others name it as the site does.
        if (locale !== 'fi-FI' && mentioning.includes(kind)) {
          expect(rendered.text, `${brandId} ${kind}`).toContain(personalPageNames[locale]);
        }
        if (locale === 'nb-NO' || locale === 'da-DK') expect(all).not.toContain('Mine sider');
      }
    }
  });
});
