import type { Country } from '@nordloan/domain/enums';
import type { ErasureRequest, KeptRecord } from '@nordloan/domain/privacy';
import { isInStatusGroup, stillApplyingStatuses } from '@nordloan/domain/statuses';
import type { Db, Executor } from '#src/db/client.ts';
import type { ErasedEntry, KeptEntry } from '#src/db/schema/privacy.ts';
import { conflict, notFound } from '#src/lib/app-error.ts';
import { isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import type { BrandWarningLog } from '#src/lib/stored-brand.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { revokeMarketingConsent } from '#src/modules/consent/consent.service.ts';
import { findDocuments } from '#src/modules/documents/document.repository.ts';
import type { DocumentStorage } from '#src/modules/documents/document.service.ts';
import {
  listInsurancePoliciesForPerson,
  listInsuranceRequestsForPerson,
} from '#src/modules/insurance/insurance-policy.repository.ts';
import { listCreditInquiries } from '#src/modules/lending/presentation/transparency.repository.ts';
import { stopRateWatchesForErasure } from '#src/modules/rate-watch/rate-watch.service.ts';
import { anonymisePersonNow, personRetention } from '#src/modules/retention/retention.service.ts';
import type { ContentStore } from '#src/modules/terms/content.repository.ts';
import { applicationsOfPerson, loadOwnPerson } from './data-export.service.ts';
import {
  type ErasureRequestRow,
  findConsentRecordsOfCustomers,
  findCustomersOfPerson,
  findLatestErasureRequest,
  insertErasureRequest,
} from './privacy.repository.ts';
import {
  accountabilityLaw,
  antiMoneyLaunderingLaw,
  bookkeepingLaw,
  bookkeepingUntil,
  isoDay,
} from './privacy-laws.ts';

// Issue 36 item 3 (ADR 0069): a person asks us to erase their data (GDPR art. 17). What no law keeps goes at
// once: marketing consents are revoked, and a person with nothing the law keeps (no submitted application
// or insurance, or their retention period over) is anonymised now, as the retention sweep would. What the
// law keeps is listed, each with its law and the day it goes: the retention sweep (modules/retention)
// anonymises the person and deletes their documents on that day. Staff close the request in the back office.

export function toErasureRequest(row: ErasureRequestRow): ErasureRequest {
  return {
    ID: row.id,
    PersonID: row.personId,
    Country: row.country as Country,
    Status: row.status as ErasureRequest['Status'],
    RequestedAt: row.requestedAt.toISOString(),
    PersonErasedAt: row.personErasedAt?.toISOString() ?? null,
    Erased: row.erased as ErasureRequest['Erased'],
    Kept: row.kept as KeptRecord[],
    ClosedAt: row.closedAt?.toISOString() ?? null,
    Note: row.note,
  };
}

/** GET /person/:id/erasure-request: the person's latest request, if any. */
export async function latestErasureRequest(options: { db: Db; caller: Caller; personId: string }) {
  const person = await loadOwnPerson(options);
  const row = await findLatestErasureRequest(options.db, person.id);
  return { ErasureRequest: row ? toErasureRequest(row) : null };
}

/** Marketing consents still given, per customer: what a revocation will record. */
async function givenMarketingConsents(db: Executor, customerIds: string[]): Promise<number> {
  const latest = new Map<string, string>();
  for (const row of await findConsentRecordsOfCustomers(db, customerIds)) {
    if (row.purpose !== 'marketing') continue;
    latest.set(`${row.customerId}|${row.consentBrand}|${row.channel}`, row.status);
  }
  return [...latest.values()].filter((status) => status === 'given').length;
}

/** What the law keeps of a person whose retention has not ended, and the day each goes. */
async function keptRecords(
  db: Executor,
  input: { personId: string; country: Country; until: string | null; customerIds: string[] },
): Promise<KeptEntry[]> {
  const { personId, country, until } = input;
  const aml = { Reason: 'anti-money-laundering', Country: country, Law: antiMoneyLaunderingLaw[country] };
  const kept: KeptEntry[] = [
    { Category: 'person', ...aml, LoanApplicationID: null, HumanReadableID: null, Count: 1, Until: until },
  ];
  let documents = 0;
  let inquiries = 0;
  for (const found of await applicationsOfPerson(db, personId)) {
    const { row } = found;
    const applicationCountry = row.country as Country;
    const ids = { LoanApplicationID: row.id, HumanReadableID: row.humanReadableId };
    kept.push({
      Category: 'applications',
      ...aml,
      Country: applicationCountry,
      Law: antiMoneyLaunderingLaw[applicationCountry],
      ...ids,
      Count: 1,
      Until: until,
    });
    // A paid-out loan earned us a commission: its figures are a voucher, kept (without the person after
    // the anti-money-laundering date) to the end of the bookkeeping period.
    if (isInStatusGroup(row.status, 'Disbursed')) {
      kept.push({
        Category: 'bookkeeping',
        Reason: 'bookkeeping',
        Country: applicationCountry,
        Law: bookkeepingLaw[applicationCountry].law,
        ...ids,
        Count: 1,
        Until: bookkeepingUntil(applicationCountry, row.updatedAt),
      });
    }
    const role = row.personId === personId ? 'main-applicant' : 'co-applicant';
    documents += (await findDocuments(db, row.id)).filter((document) => document.owner === role).length;
    inquiries += (await listCreditInquiries(db, row.id)).length;
  }
  const none = { LoanApplicationID: null, HumanReadableID: null };
  if (documents > 0) kept.push({ Category: 'documents', ...aml, ...none, Count: documents, Until: until });
  if (inquiries > 0)
    kept.push({ Category: 'credit-inquiries', ...aml, ...none, Count: inquiries, Until: until });
  const consents = (await findConsentRecordsOfCustomers(db, input.customerIds)).length;
  if (consents > 0) {
    kept.push({
      Category: 'consent-history',
      Reason: 'accountability',
      Country: country,
      Law: accountabilityLaw.consents,
      ...none,
      Count: consents,
      Until: until,
    });
  }
  kept.push({
    Category: 'audit-log',
    Reason: 'accountability',
    Country: country,
    Law: accountabilityLaw.audit,
    ...none,
    Count: 1,
    Until: until,
  });
  return kept;
}

/** POST /person/:id/erasure-request. Answers the request and whether it is new (an open one is answered again). */
export async function requestErasure(options: {
  db: Db;
  caller: Caller;
  personId: string;
  now: () => Date;
  store: ContentStore;
  storage: DocumentStorage;
  log: BrandWarningLog;
}): Promise<{ request: ErasureRequest; created: boolean }> {
  const { db, caller, store, log } = options;
  const person = await loadOwnPerson({ db, caller, personId: options.personId });
  const open = await findLatestErasureRequest(db, person.id);
  if (open?.status === 'open') return { request: toErasureRequest(open), created: false };
  const country = person.country as Country;
  const customers = await findCustomersOfPerson(db, person.id);
  const customerIds = customers.map((row) => row.id);

  // Marketing goes at once, through the consent module (its records, its rules: a revocation, never erased).
  const revocable = await givenMarketingConsents(db, customerIds);
  for (const customer of customers) {
    await revokeMarketingConsent({ db, store, caller, customerId: customer.id, now: options.now(), log });
  }

  let removedDocumentKeys: string[] = [];
  const row = await db.transaction(async (tx) => {
    const now = options.now();
    const retention = await personRetention({ db: tx, personId: person.id, now });
    const applications = await applicationsOfPerson(tx, person.id);
    const submitted = applications.filter((found) => !stillApplyingStatuses.includes(found.row.status));
    const insurance =
      (await listInsuranceRequestsForPerson(tx, person.id)).length +
      (await listInsurancePoliciesForPerson(tx, person.id)).length;
    // Nothing the law keeps: no customer relationship (drafts that went to nobody are none), or its period over.
    const eraseNow = !retention.linked || retention.over || (submitted.length === 0 && insurance === 0);
    const erased: ErasedEntry[] = [];
    // The rate watch is marketing under a consent of its own (ADR 0081): it stops at once too.
    const watches = await stopRateWatchesForErasure(tx, { customerIds, caller, now });
    if (revocable + watches > 0) erased.push({ Category: 'marketing-consents', Count: revocable + watches });
    let kept: KeptEntry[];
    if (eraseNow) {
      ({ removedDocumentKeys } = await anonymisePersonNow({ db: tx, personId: person.id, now }));
      erased.push({ Category: 'person', Count: 1 }, { Category: 'contact-details', Count: customers.length });
      if (removedDocumentKeys.length > 0)
        erased.push({ Category: 'documents', Count: removedDocumentKeys.length });
      // The vouchers of paid-out loans stay (the application's figures, nobody in them now).
      kept = applications
        .filter((found) => isInStatusGroup(found.row.status, 'Disbursed'))
        .map((found) => {
          const applicationCountry = found.row.country as Country;
          return {
            Category: 'bookkeeping',
            Reason: 'bookkeeping',
            Country: applicationCountry,
            Law: bookkeepingLaw[applicationCountry].law,
            LoanApplicationID: found.row.id,
            HumanReadableID: found.row.humanReadableId,
            Count: 1,
            Until: bookkeepingUntil(applicationCountry, found.row.updatedAt),
          };
        })
        .filter((entry) => entry.Until >= isoDay(now));
    } else {
      const until = retention.until ? isoDay(retention.until) : null;
      kept = await keptRecords(tx, { personId: person.id, country, until, customerIds });
    }
    const inserted = await insertErasureRequest(tx, {
      personId: person.id,
      country,
      requestedAt: now,
      personErasedAt: eraseNow ? now : null,
      erased,
      kept,
    });
    await recordAudit(tx, {
      actor: caller,
      action: 'erasureRequest.create',
      subjectType: 'person',
      subjectId: person.id,
      country,
      details: { erasureRequestId: inserted.id, kept: kept.length },
      at: now,
    });
    if (eraseNow) {
      await recordAudit(tx, {
        actor: { kind: 'system', name: 'privacy' },
        action: 'person.anonymise',
        subjectType: 'person',
        subjectId: person.id,
        country,
        reason: 'Erasure request (ADR 0069)',
        details: { erasureRequestId: inserted.id, documents: removedDocumentKeys.length },
        at: now,
      });
    }
    return inserted;
  });
  // The bytes go once the rows are gone for good (as the retention job does).
  for (const key of removedDocumentKeys) await options.storage.remove(key);
  return { request: toErasureRequest(row), created: true };
}

export function assertErasureRequestId(id: string): void {
  if (!isUuid(id)) throw notFound();
}

export const alreadyClosed = () => conflict('The erasure request is already closed');
