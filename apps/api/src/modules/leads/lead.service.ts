import type { Db } from '#src/db/client.ts';
import { conflict, fieldError, notFound } from '#src/lib/app-error.ts';
import { describeCaller, isUuid, loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { type BrandWarningLog, storedBrand } from '#src/lib/stored-brand.ts';
import { consentContentFor } from '#src/modules/consent/consent-content.service.ts';
import type { ContentStore } from '#src/modules/terms/content.repository.ts';
import { deleteLead as deleteLeadRow, findLeads, insertLead, type LeadRow } from './lead.repository.ts';

// §3 Lead (a Partner field): the application handed to a partner. A partner is one of the partners of
// the application brand's consent brand (content/consent, GET /consent/v1/partner), by its ID.

export const toLead = (row: LeadRow) => ({
  ID: row.id,
  LoanApplicationID: row.loanApplicationId,
  Partner: row.partner,
  CreatedBy: row.createdBy,
  CreatedAt: row.createdAt.toISOString(),
});

/** §7 GET /lead/{id}: the application's leads. */
export async function listLeads(options: { db: Db; caller: Caller; applicationId: string }) {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  return (await findLeads(options.db, application.id)).map(toLead);
}

/** §7 POST /lead/{id} (body Partner). */
export async function createLead(options: {
  db: Db;
  store: ContentStore;
  caller: Caller;
  applicationId: string;
  partner: string;
  now: Date;
  log: BrandWarningLog;
}) {
  const { db, store, caller, applicationId, partner, now, log } = options;
  const application = await loadApplicationForCaller({ db, caller, applicationId, access: 'write' });
  // An unknown stored brand has no partners: reported, and the partner is refused below.
  const brand = storedBrand(application.brand, () => undefined, log, 'lead');
  const content = brand ? await consentContentFor({ store, brand, configType: 'master', now }) : undefined;
  if (!content?.partners.some((known) => known.id === partner)) {
    throw fieldError('Partner', `Unknown partner for ${application.brand}`);
  }
  const row = await insertLead(db, {
    loanApplicationId: application.id,
    partner,
    createdBy: describeCaller(caller),
    createdAt: now,
    updatedAt: now,
  });
  if (!row) throw conflict('The application already has a lead for this partner');
  return toLead(row);
}

/** §7 DELETE /lead/{id}/{leadId}. */
export async function deleteLead(options: { db: Db; caller: Caller; applicationId: string; leadId: string }) {
  const { db, caller, applicationId, leadId } = options;
  const application = await loadApplicationForCaller({ db, caller, applicationId, access: 'write' });
  if (!isUuid(leadId) || !(await deleteLeadRow(db, application.id, leadId))) throw notFound();
}
