import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRecord } from '#src/db/schema/applicant.ts';
import { newApplicant } from '#src/test/customer-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-06-15T10:00:00Z'));
});
afterAll(() => t.close());

const recordsOf = (customerId: string) =>
  t.database.db.select().from(consentRecord).where(eq(consentRecord.customerId, customerId));

function give(token: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/consent/v1/consent', headers: bearer(token), payload });
}
function patch(token: string, customerId: string, payload: Record<string, unknown>, country = 'NO') {
  return t.app.inject({
    method: 'PATCH',
    url: `/consent/v1/consent/${country}/${customerId}`,
    headers: bearer(token),
    payload,
  });
}
function state(token: string, query: string) {
  return t.app.inject({ url: `/consent/v2/consent?${query}`, headers: bearer(token) });
}
const statusOf = (
  body: { Consents: { Purpose: string; Channel: string; Status: string }[] },
  channel: string,
  purpose = 'marketing',
) => body.Consents.find((consent) => consent.Purpose === purpose && consent.Channel === channel)?.Status;

describe('GET /consent/v2/config/snapshot (no token)', () => {
  it('answers the texts and settings of the brand’s consent brand, shared by several brands (§9)', async () => {
    const main = (await t.app.inject({ url: '/consent/v2/config/snapshot?brand=no-main' })).json();
    const alt4 = (await t.app.inject({ url: '/consent/v2/config/snapshot?brand=no-alt4&country=NO' })).json();
    expect(main).toMatchObject({
      Country: 'NO',
      Brand: 'no-main',
      ConsentBrand: 'no-group',
      ConfigType: 'master',
      Controller: 'Nordloan Norge AS',
      Version: 'consent-master_1_20250101_no-group',
      PublishedOn: '2025-01-01',
      Settings: {
        Purposes: ['marketing', 'transactional'],
        Channels: ['email', 'sms', 'phone'],
        DefaultStatus: 'not_given',
        Required: false,
      },
    });
    expect(main.Texts).toContainEqual({
      Purpose: 'marketing',
      Channel: 'email',
      Text: 'Ja, Nordloan Norge AS kan sende meg tilbud og nyheter om lån og forsikring på e-post.',
    });
    expect(alt4.ConsentBrand).toBe('no-group');
    expect(alt4.Texts).toEqual(main.Texts);
    const compare = (await t.app.inject({ url: '/consent/v2/config/snapshot?brand=no-compare' })).json();
    expect(compare).toMatchObject({ ConsentBrand: 'no-compare', Controller: 'Lånesjekk Norge AS' });
  });

  it('answers per country (its main brand), per customer (its brand) and per config type', async () => {
    expect((await t.app.inject({ url: '/consent/v2/config/snapshot?country=SE' })).json()).toMatchObject({
      Brand: 'se-main',
      ConsentBrand: 'se-group',
    });
    const quote = (
      await t.app.inject({ url: '/consent/v2/config/snapshot?brand=fi-group-b&configType=loan-quote-accept' })
    ).json();
    expect(quote).toMatchObject({
      ConsentBrand: 'fi-group',
      ConfigType: 'loan-quote-accept',
      Settings: { Required: true },
    });
    const owner = await newApplicant(t, { country: 'FI', brand: 'fi-group-a' });
    const ofCustomer = await t.app.inject({
      url: `/consent/v2/config/snapshot?customerID=${owner.CustomerID}`,
      headers: bearer(owner.token),
    });
    expect(ofCustomer.json()).toMatchObject({ Brand: 'fi-group-a', ConsentBrand: 'fi-group' });
  });

  it('answers an unknown brand with the §8 No general consent brand found for {brand}', async () => {
    const response = await t.app.inject({ url: '/consent/v2/config/snapshot?brand=zz-unknown' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      Bad: true,
      Message: 'No general consent brand found for zz-unknown',
    });
  });

  it('refuses a brand of another country (Unknown brand), no key at all, an unknown config type', async () => {
    const wrongCountry = await t.app.inject({ url: '/consent/v2/config/snapshot?brand=se-main&country=NO' });
    expect(wrongCountry.statusCode).toBe(400);
    expect(wrongCountry.json().Message).toBe('Unknown brand');
    for (const url of [
      '/consent/v2/config/snapshot',
      '/consent/v2/config/snapshot?country=NO&configType=nope',
    ]) {
      expect((await t.app.inject({ url })).statusCode).toBe(400);
    }
  });

  it('needs a token reaching the customer when a customer id is given', async () => {
    const owner = await newApplicant(t);
    const other = await newApplicant(t);
    const url = `/consent/v2/config/snapshot?customerID=${owner.CustomerID}`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: bearer(other.token) })).statusCode).toBe(404);
  });
});

describe('consent history', () => {
  it('keeps give → revoke → give as three records: who, when, which text version, which channel', async () => {
    const owner = await newApplicant(t);
    const given = await give(owner.token, {
      CustomerID: owner.CustomerID,
      Status: 'given',
      Channels: ['email'],
    });
    expect(given.statusCode).toBe(201);
    expect(statusOf(given.json(), 'email')).toBe('given');
    expect(statusOf(given.json(), 'sms')).toBe('not_given');

    t.clock.advance(60_000);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/customer/${owner.CustomerID}/consent`,
      headers: bearer(owner.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect(statusOf(revoked.json(), 'email')).toBe('revoked');

    t.clock.advance(60_000);
    const again = await give(owner.token, {
      CustomerID: owner.CustomerID,
      Status: 'given',
      Channels: ['email'],
    });
    expect(statusOf(again.json(), 'email')).toBe('given');

    const items = await t.app.inject({
      url: `/consent/v2/consent/items?customerID=${owner.CustomerID}&purpose=marketing&channel=email`,
      headers: bearer(owner.token),
    });
    expect(items.statusCode).toBe(200);
    const history = items.json().Items;
    expect(history.map((item: { Status: string }) => item.Status)).toEqual(['given', 'revoked', 'given']);
    expect(history.map((item: { Source: string }) => item.Source)).toEqual([
      'master-consent',
      'customer-revoke',
      'master-consent',
    ]);
    expect(new Set(history.map((item: { CreatedAt: string }) => item.CreatedAt)).size).toBe(3);
    for (const item of history) {
      expect(item).toMatchObject({
        Channel: 'email',
        TextVersion: 'consent-master_1_20250101_no-group',
        ConsentBrand: 'no-group',
        Brand: 'no-main',
        ChangedBy: `customer:${owner.CustomerID}`,
      });
    }
  });

  it('is append-only in the database itself: a record cannot be updated or deleted', async () => {
    const owner = await newApplicant(t);
    await give(owner.token, { CustomerID: owner.CustomerID, Status: 'given' });
    const [record] = await recordsOf(owner.CustomerID);
    await expect(
      t.database.db.update(consentRecord).set({ status: 'revoked' }).where(eq(consentRecord.id, record!.id)),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`DELETE FROM consent_record WHERE id = ${record!.id}`),
    ).rejects.toThrow();
    expect((await recordsOf(owner.CustomerID)).every((row) => row.status === 'given')).toBe(true);
  });

  it('counts a consent for every brand of the consent brand, and not for other consent brands', async () => {
    const owner = await newApplicant(t);
    await give(owner.token, {
      CustomerID: owner.CustomerID,
      Brand: 'no-alt2',
      Status: 'given',
      Channels: ['sms'],
    });
    const onMain = await state(owner.token, `customerID=${owner.CustomerID}&brand=no-alt4`);
    expect(statusOf(onMain.json(), 'sms')).toBe('given');
    const onCompare = await state(owner.token, `customerID=${owner.CustomerID}&brand=no-compare`);
    expect(onCompare.json().ConsentBrand).toBe('no-compare');
    expect(statusOf(onCompare.json(), 'sms')).toBe('not_given');
  });
});

describe('POST /consent/v1/consent (master consent)', () => {
  it('covers every channel of the purpose when none are named; a repeat records nothing new', async () => {
    const owner = await newApplicant(t);
    const response = await give(owner.token, { CustomerID: owner.CustomerID, Status: 'given' });
    expect(
      response.json().Consents.filter((consent: { Purpose: string }) => consent.Purpose === 'marketing'),
    ).toEqual(
      ['email', 'sms', 'phone'].map((channel) =>
        expect.objectContaining({ Channel: channel, Status: 'given' }),
      ),
    );
    await give(owner.token, { CustomerID: owner.CustomerID, Status: 'given' });
    expect(await recordsOf(owner.CustomerID)).toHaveLength(3);
  });

  it.each([
    [{ Status: 'maybe' }, 'Status'],
    [{ Status: 'given', Channels: ['fax'] }, 'Channels.0'],
    [{ Status: 'given', Purpose: 'transactional', Channels: ['phone'] }, 'Consents'],
    [{ Status: 'given', TextVersion: 'consent-master_9_20250101_no-group' }, 'TextVersion'],
    [{ Status: 'given', Brand: 'zz-nope' }, 'Brand'],
    [{ Status: 'given', Brand: 'se-main' }, 'Brand'],
    [{ Status: 'given', Extra: 1 }, ''],
  ])('refuses %j with 400 and records nothing', async (payload, field) => {
    const owner = await newApplicant(t);
    const response = await give(owner.token, { CustomerID: owner.CustomerID, ...payload });
    expect(response.statusCode).toBe(400);
    if (field) expect(response.json().Errors.map((error: { Field: string }) => error.Field)).toContain(field);
    expect(await recordsOf(owner.CustomerID)).toHaveLength(0);
  });

  it('answers someone else 404, no token 401; staff of the country may record (by phone)', async () => {
    const owner = await newApplicant(t);
    const other = await newApplicant(t);
    expect((await give(other.token, { CustomerID: owner.CustomerID, Status: 'given' })).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/consent/v1/consent',
      payload: { CustomerID: owner.CustomerID, Status: 'given' },
    });
    expect(anonymous.statusCode).toBe(401);
    const staff = await t.staffToken([{ Name: 'Telemarketing', Country: 'NO' }], 'Agent Smith');
    const byStaff = await give(staff, { CustomerID: owner.CustomerID, Status: 'given', Channels: ['phone'] });
    expect(byStaff.statusCode).toBe(201);
    // Staff tokens carry the agent's uuid as subject (ADR 0020).
    expect((await recordsOf(owner.CustomerID))[0]!.changedBy).toMatch(/^staff:[0-9a-f-]{36}$/);
  });
});

describe('PATCH /consent/v1/consent/{country}/{customerID}', () => {
  it('records each change and answers the current state', async () => {
    const owner = await newApplicant(t);
    const response = await patch(owner.token, owner.CustomerID, {
      Consents: [
        { Purpose: 'marketing', Channel: 'sms', Status: 'given' },
        { Purpose: 'transactional', Channel: 'email', Status: 'given' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(statusOf(response.json(), 'sms')).toBe('given');
    expect(statusOf(response.json(), 'email', 'transactional')).toBe('given');
    expect(statusOf(response.json(), 'email')).toBe('not_given');
    const revoke = await patch(owner.token, owner.CustomerID, {
      Consents: [{ Purpose: 'marketing', Channel: 'sms', Status: 'revoked' }],
    });
    expect(statusOf(revoke.json(), 'sms')).toBe('revoked');
    expect(await recordsOf(owner.CustomerID)).toHaveLength(3);
  });

  it.each([
    [{ Consents: [] }],
    [
      {
        Consents: [
          { Purpose: 'marketing', Channel: 'sms', Status: 'given' },
          { Purpose: 'marketing', Channel: 'sms', Status: 'revoked' },
        ],
      },
    ],
    [{ Consents: [{ Purpose: 'transactional', Channel: 'phone', Status: 'given' }] }],
    [{ Consents: [{ Purpose: 'advertising', Channel: 'sms', Status: 'given' }] }],
    [{ TextVersion: 'nope', Consents: [{ Purpose: 'marketing', Channel: 'sms', Status: 'given' }] }],
  ])('refuses %j with 400 and records nothing', async (payload) => {
    const owner = await newApplicant(t);
    const response = await patch(owner.token, owner.CustomerID, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().Bad).toBe(true);
    expect(await recordsOf(owner.CustomerID)).toHaveLength(0);
  });

  it('answers 404 for another country or someone else, 401 without a token, 403 to read-only staff', async () => {
    const owner = await newApplicant(t);
    const other = await newApplicant(t);
    const body = { Consents: [{ Purpose: 'marketing', Channel: 'sms', Status: 'given' }] };
    expect((await patch(owner.token, owner.CustomerID, body, 'SE')).statusCode).toBe(404);
    expect((await patch(other.token, owner.CustomerID, body)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/consent/v1/consent/NO/${owner.CustomerID}`,
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    const readOnly = await t.staffToken([{ Name: 'TelemarketingLimited', Country: 'NO' }]);
    expect((await patch(readOnly, owner.CustomerID, body)).statusCode).toBe(403);
    expect((await state(readOnly, `customerID=${owner.CustomerID}`)).statusCode).toBe(200);
    expect(await recordsOf(owner.CustomerID)).toHaveLength(0);
  });
});

describe('GET /consent/v2/consent and /items', () => {
  it('answers not_given for every offered pair before anything is recorded', async () => {
    const owner = await newApplicant(t, { country: 'DK' });
    const response = await state(owner.token, `customerID=${owner.CustomerID}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      CustomerID: owner.CustomerID,
      Country: 'DK',
      ConsentBrand: 'dk-main',
    });
    expect(response.json().Consents).toHaveLength(5);
    expect(
      response.json().Consents.every((consent: { Status: string }) => consent.Status === 'not_given'),
    ).toBe(true);
  });

  it('needs a token and a customer id; someone else’s customer is 404', async () => {
    const owner = await newApplicant(t);
    const other = await newApplicant(t);
    for (const path of ['/consent/v2/consent', '/consent/v2/consent/items']) {
      expect((await t.app.inject({ url: `${path}?customerID=${owner.CustomerID}` })).statusCode).toBe(401);
      expect((await t.app.inject({ url: path, headers: bearer(owner.token) })).statusCode).toBe(400);
      const foreign = await t.app.inject({
        url: `${path}?customerID=${owner.CustomerID}`,
        headers: bearer(other.token),
      });
      expect(foreign.statusCode).toBe(404);
    }
  });
});

describe('DELETE /customer/{id}/consent', () => {
  it('revokes marketing on every channel where it is given and leaves transactional consent alone', async () => {
    const owner = await newApplicant(t);
    await give(owner.token, { CustomerID: owner.CustomerID, Status: 'given' });
    await patch(owner.token, owner.CustomerID, {
      Consents: [{ Purpose: 'transactional', Channel: 'sms', Status: 'given' }],
    });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/customer/${owner.CustomerID}/consent`,
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    for (const channel of ['email', 'sms', 'phone'])
      expect(statusOf(response.json(), channel)).toBe('revoked');
    expect(statusOf(response.json(), 'sms', 'transactional')).toBe('given');
  });

  it('answers someone else 404 and no token 401, and records nothing', async () => {
    const owner = await newApplicant(t);
    await give(owner.token, { CustomerID: owner.CustomerID, Status: 'given', Channels: ['email'] });
    const other = await newApplicant(t);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/customer/${owner.CustomerID}/consent`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/customer/${owner.CustomerID}/consent` })).statusCode,
    ).toBe(401);
    expect(await recordsOf(owner.CustomerID)).toHaveLength(1);
  });
});

describe('GET /consent/v1/partner', () => {
  it('answers the partners of the brand’s consent brand to a caller with a token', async () => {
    const owner = await newApplicant(t);
    const response = await t.app.inject({
      url: '/consent/v1/partner?brand=no-alt1',
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Country: 'NO', ConsentBrand: 'no-group' });
    expect(response.json().Partners.map((partner: { ID: string }) => partner.ID)).toEqual([
      'nordisk-trygghet',
      'fjord-gjeldsrad',
    ]);
  });

  it('needs a token; an unknown brand is the §8 consent-brand error', async () => {
    expect((await t.app.inject({ url: '/consent/v1/partner?country=NO' })).statusCode).toBe(401);
    const owner = await newApplicant(t);
    const unknown = await t.app.inject({ url: '/consent/v1/partner?brand=xx', headers: bearer(owner.token) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Message).toBe('No general consent brand found for xx');
  });
});
