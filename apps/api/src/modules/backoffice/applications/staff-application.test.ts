import type { TokenRole } from '@nordloan/domain/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updatePerson } from '#src/modules/persons/person.repository.ts';
import {
  type CreatedApplication,
  createCompleteApplication,
  submit,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { createTestApplication } from '../test-fixtures.ts';

// Applications for staff: search, the 360° view, notes, withdraw, magic-link resend and the audit listing,
// each for the roles and countries that may and may not (ADR 0020).

describe('applications for staff', () => {
  let t: TestApp;
  let salesNo: string;
  let salesSe: string;
  let managerNo: string;
  let readOnlyNo: string;
  let superToken: string;
  let noApp: CreatedApplication;
  let humanReadableId: string;

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const post = (url: string, token: string | undefined, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload ?? {} });
  const staff = (roles: TokenRole[], name: string) => t.staffToken(roles, name);

  beforeAll(async () => {
    t = await createTestApp();
    salesNo = await staff([{ Name: 'Sales', Country: 'NO' }], 'Nora Case');
    salesSe = await staff([{ Name: 'Sales', Country: 'SE' }], 'Sven Case');
    managerNo = await staff([{ Name: 'Manager', Country: 'NO' }], 'Mona Manager');
    readOnlyNo = await staff([{ Name: 'TelemarketingLimited', Country: 'NO' }], 'Tom List');
    superToken = await staff([{ Name: 'Super' }], 'Sara Super');
    noApp = await createCompleteApplication(t, { country: 'NO' });
    await updatePerson(
      t.database.db,
      noApp.personId,
      { firstName: 'Ola', lastName: 'Nordmann', email: 'Ola.Nordmann@example.com', phone: '+4791234567' },
      new Date(),
    );
    expect((await submit(t, noApp)).statusCode).toBe(200);
    humanReadableId = (await get(`/loan-application/${noApp.id}`, noApp.token)).json().HumanReadableID;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const idsOf = (response: { json(): { Items: { LoanApplicationID: string }[] } }) =>
    response.json().Items.map((item) => item.LoanApplicationID);

  describe('search', () => {
    it.each([
      ['national id', () => noApp.nationalId],
      ['phone', () => '+47 912 34 567'],
      ['e-mail (any case)', () => 'ola.nordmann@EXAMPLE.com'],
      ['human-readable id', () => humanReadableId.toLowerCase()],
    ])('finds the application by %s', async (_kind, query) => {
      const response = await get(`/backoffice/search?q=${encodeURIComponent(query())}`, readOnlyNo);
      expect(response.statusCode).toBe(200);
      expect(idsOf(response)).toEqual([noApp.id]);
      expect(response.json().Items[0]).toMatchObject({
        HumanReadableID: humanReadableId,
        Country: 'NO',
        ApplicantName: 'Ola Nordmann',
        Status: 160,
      });
    });

    describe('by name (issue 38)', () => {
      let nordic: { id: string };
      beforeAll(async () => {
        const other = await createTestApplication(t.database.db, { country: 'NO' });
        await updatePerson(
          t.database.db,
          other.personId!,
          { firstName: 'Åse Marie', lastName: 'Sørensen-Bjørnstad' },
          new Date(),
        );
        nordic = other;
      });

      it.each([
        ['first and last name', 'Ola Nordmann', () => noApp.id],
        ['the start of the first name, any case', 'oLA', () => noApp.id],
        ['last name first', 'NORDMANN ola', () => noApp.id],
        ['the start of the last name, spaces collapsed', '  nordm  ', () => noApp.id],
        ['Nordic letters in upper case', 'SØRENSEN-BJ', () => nordic.id],
        ['a first name of two words', 'åse marie sør', () => nordic.id],
      ])('finds the applicant by %s', async (_case, q, expected) => {
        const response = await get(`/backoffice/search?q=${encodeURIComponent(q)}`, salesNo);
        expect(response.statusCode, response.body).toBe(200);
        expect(idsOf(response)).toEqual([expected()]);
      });

      it('matches the start of a name only, and takes % and _ as letters, not wildcards', async () => {
        for (const q of ['rdmann', 'Ol_', 'Ola%', 'Nordmann Kari']) {
          const response = await get(`/backoffice/search?q=${encodeURIComponent(q)}`, salesNo);
          expect(response.json(), q).toEqual({ Items: [], Total: 0 });
        }
      });

      it('finds nobody of a country the caller may not read, and audits the kind of key, not the name', async () => {
        expect((await get('/backoffice/search?q=Ola%20Nordmann', salesSe)).json()).toEqual({
          Items: [],
          Total: 0,
        });
        const rows = await t.database.withSession((session) =>
          session.query<{ details: unknown }>(
            `SELECT details FROM audit_entry WHERE action = 'application.search' AND details->>'Kind' = 'name'`,
          ),
        );
        expect(rows.length).toBeGreaterThan(0);
        expect(JSON.stringify(rows)).not.toMatch(/nordmann|sørensen/i);
      });

      it('uses the name indexes of migration 0030 (prefix, both ways round)', async () => {
        const plan = await t.database.withSession(async (session) => {
          await session.query('SET enable_seqscan = off');
          try {
            return await session.query<{ 'QUERY PLAN': string }>(
              `EXPLAIN SELECT id FROM person
                WHERE staff_search_name(first_name, last_name) LIKE 'ola nor%'
                   OR staff_search_name(last_name, first_name) LIKE 'ola nor%' LIMIT 200`,
            );
          } finally {
            await session.query('RESET enable_seqscan');
          }
        });
        const text = plan.map((row) => row['QUERY PLAN']).join('\n');
        expect(text).toContain('person_search_name_idx');
        expect(text).toContain('person_search_name_reversed_idx');
      });
    });

    it('finds the application by its number typed without "NL-"', async () => {
      const response = await get(`/backoffice/search?q=${humanReadableId.slice(3)}`, salesNo);
      expect(idsOf(response)).toEqual([noApp.id]);
    });

    it('finds nothing in a country the caller may not read; 400 for a too-short query; 401 without token', async () => {
      const response = await get(`/backoffice/search?q=${noApp.nationalId}`, salesSe);
      expect(response.json()).toEqual({ Items: [], Total: 0 });
      expect((await get('/backoffice/search?q=ab', salesNo)).statusCode).toBe(400);
      expect((await get(`/backoffice/search?q=${noApp.nationalId}`)).statusCode).toBe(401);
    });

    it('audits the search without the national id it was given', async () => {
      // One line per search (who, which kind of key, which applications came back), not per application.
      const rows = await t.database.withSession((session) =>
        session.query<{ details: unknown }>(
          `SELECT details FROM audit_entry WHERE action = 'application.search'`,
        ),
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).toContain(noApp.id);
      expect(JSON.stringify(rows)).not.toContain(noApp.nationalId);
    });
  });

  describe('360° view', () => {
    it('shows applicants with a masked national id, quotes, history, assignment and actions', async () => {
      const response = await get(`/backoffice/applications/${noApp.id}`, salesNo);
      expect(response.statusCode).toBe(200);
      const view = response.json();
      expect(view.Application.ID).toBe(noApp.id);
      expect(view.Applicants).toHaveLength(1);
      expect(view.Applicants[0].Role).toBe('MainApplicant');
      expect(view.Applicants[0].Person.FirstName).toBe('Ola');
      expect(view.Applicants[0].Person.NationalID).not.toBe(noApp.nationalId);
      expect(view.Applicants[0].Income.GrossYearlyIncome).toBe(720_000);
      // utlånsforskriften's two tests on the application as filed (ADR 0036): the flag the pre-check showed.
      expect(view.LendingRules).toMatchObject({ DebtCeiling: 5 * 720_000, Breaches: expect.any(Array) });
      expect(view.LendingRules.TotalDebtAfterLoan).toBeGreaterThanOrEqual(view.Application.Amount);
      expect(view.LendingRules.StressedRate).toBeGreaterThanOrEqual(7);
      expect(view.StatusHistory).toEqual([expect.objectContaining({ From: 100, To: 160 })]);
      expect(view.Assignment).toMatchObject({ LoanApplicationID: noApp.id, Country: 'NO' });
      for (const key of [
        'Documents',
        'Quotes',
        'Consents',
        'TermsAccepted',
        'Leads',
        'Calls',
        'Notes',
        'PersonChecks',
      ])
        expect(view[key], key).toEqual(expect.any(Array));
      const actions = Object.fromEntries(
        view.Actions.map((action: { Name: string; Allowed: boolean }) => [action.Name, action.Allowed]),
      );
      expect(actions).toMatchObject({
        'Add a note': true,
        'Change an offer': true,
        'Run the PEP/sanctions screening': false,
        'End an insurance policy': true,
      });
    });

    it('answers 404 to staff of another country and to a stranger id; read-only staff may read', async () => {
      expect((await get(`/backoffice/applications/${noApp.id}`, salesSe)).statusCode).toBe(404);
      expect(
        (await get('/backoffice/applications/5eed0000-0000-4000-8000-00000000dead', salesNo)).statusCode,
      ).toBe(404);
      expect((await get('/backoffice/applications/nope', salesNo)).statusCode).toBe(404);
      const readOnly = await get(`/backoffice/applications/${noApp.id}`, readOnlyNo);
      expect(readOnly.statusCode).toBe(200);
      expect(readOnly.json().Actions.every((action: { Allowed: boolean }) => !action.Allowed)).toBe(true);
    });
  });

  describe('notes', () => {
    it('lets case handlers add a note (201) shown in the 360 view; read-only 403, other country 404', async () => {
      const created = await post(`/backoffice/applications/${noApp.id}/notes`, salesNo, {
        Text: 'Called, will send payslip',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ Text: 'Called, will send payslip', AgentName: 'Nora Case' });
      expect(
        (await post(`/backoffice/applications/${noApp.id}/notes`, readOnlyNo, { Text: 'x' })).statusCode,
      ).toBe(403);
      expect(
        (await post(`/backoffice/applications/${noApp.id}/notes`, salesSe, { Text: 'x' })).statusCode,
      ).toBe(404);
      expect(
        (await post(`/backoffice/applications/${noApp.id}/notes`, salesNo, { Text: '  ' })).statusCode,
      ).toBe(400);
      expect(
        (await post(`/backoffice/applications/${noApp.id}/notes`, undefined, { Text: 'x' })).statusCode,
      ).toBe(401);
      const view = (await get(`/backoffice/applications/${noApp.id}`, superToken)).json();
      expect(view.Notes.map((note: { Text: string }) => note.Text)).toEqual(['Called, will send payslip']);
    });
  });

  describe('magic link', () => {
    it('lets case handlers resend the magic link (201); read-only 403, other country 404', async () => {
      const sent = await post(`/backoffice/applications/${noApp.id}/magic-link`, salesNo, { Channel: 'sms' });
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toMatchObject({ LoanApplicationID: noApp.id, Channel: 'sms' });
      expect((await post(`/backoffice/applications/${noApp.id}/magic-link`, readOnlyNo)).statusCode).toBe(
        403,
      );
      expect((await post(`/backoffice/applications/${noApp.id}/magic-link`, salesSe)).statusCode).toBe(404);
    });
  });

  describe('contact preferences and contact log (issue 13 item 7)', () => {
    it("shows the applicant's choices from the personal page and the contacts, masked", async () => {
      await post(`/backoffice/applications/${noApp.id}/magic-link`, salesNo, { Channel: 'sms' });
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/consent/v1/consent/NO/${noApp.customerId}`,
        headers: bearer(noApp.token),
        payload: {
          Consents: [
            { Purpose: 'marketing', Channel: 'email', Status: 'given' },
            { Purpose: 'marketing', Channel: 'phone', Status: 'not_given' },
          ],
        },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const view = await get(`/backoffice/applications/${noApp.id}`, salesNo);
      expect(view.statusCode).toBe(200);
      expect(view.json().ContactPreferences).toEqual({ Email: true, Sms: false, NoSalesCalls: true });
      const log = view.json().ContactLog as { Channel: string; Kind: string; MaskedAddress: string }[];
      expect(log).toContainEqual(expect.objectContaining({ Channel: 'sms', Kind: 'magic-link' }));
      // Staff see the applicant's number in the applicant card; the log keeps only a masked one.
      expect(JSON.stringify(log)).not.toContain('91234567');
    });
  });

  describe('audit listing', () => {
    it('lists who read and changed the application, with names; only for audit readers (403 otherwise)', async () => {
      const response = await get(`/backoffice/applications/${noApp.id}/audit?limit=100`, managerNo);
      expect(response.statusCode).toBe(200);
      const items = response.json().Items as { Action: string; ActorName: string | null }[];
      expect(items.map((item) => item.Action)).toEqual(
        expect.arrayContaining(['application.read', 'application.note', 'application.magicLinkResend']),
      );
      expect(items.find((item) => item.Action === 'application.note')?.ActorName).toBe('Nora Case');
      expect((await get(`/backoffice/applications/${noApp.id}/audit`, salesNo)).statusCode).toBe(403);
      expect((await get(`/backoffice/applications/${noApp.id}/audit`, readOnlyNo)).statusCode).toBe(403);
      expect((await get(`/backoffice/applications/${noApp.id}/audit`, salesSe)).statusCode).toBe(404);
      expect((await get(`/backoffice/applications/${noApp.id}/audit`, superToken)).statusCode).toBe(200);
    });
  });

  describe('withdraw', () => {
    it('refuses read-only (403), other country (404), a missing reason (400); a case handler withdraws', async () => {
      expect(
        (await post(`/backoffice/applications/${noApp.id}/withdraw`, readOnlyNo, { Reason: 'Asked' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await post(`/backoffice/applications/${noApp.id}/withdraw`, salesSe, { Reason: 'Asked' }))
          .statusCode,
      ).toBe(404);
      expect((await post(`/backoffice/applications/${noApp.id}/withdraw`, salesNo, {})).statusCode).toBe(400);
      const withdrawn = await post(`/backoffice/applications/${noApp.id}/withdraw`, salesNo, {
        Reason: 'Customer found a cheaper loan',
      });
      expect(withdrawn.statusCode).toBe(200);
      expect(withdrawn.json().Status).toBe(190);
      const again = await post(`/backoffice/applications/${noApp.id}/withdraw`, salesNo, { Reason: 'Twice' });
      expect(again.statusCode).toBe(409);
      const audit = (await get(`/backoffice/applications/${noApp.id}/audit?limit=100`, managerNo)).json();
      expect(
        audit.Items.find((item: { Action: string }) => item.Action === 'application.withdraw'),
      ).toMatchObject({
        Action: 'application.withdraw',
        Reason: 'Customer found a cheaper loan',
        Details: { From: 160, To: 190 },
      });
    });
  });
});
