import { applicationStatusCodes, isTerminalStatus } from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { deleteDocumentsOfPerson } from '#src/modules/documents/document.repository.ts';
import {
  anonymisePerson,
  findPersonsPastRetention,
  findRetentionBasisOfPerson,
} from './retention.repository.ts';
import { retentionCutoffs, retentionRules } from './retention-rules.ts';

// The retention job's one run (ADR 0033): finds the persons the rules no longer let us keep and
// anonymises them and deletes the documents they uploaded, each with an audit entry (who: the system; what: which person, never who they were).

const activeStatusCodes = applicationStatusCodes.filter((code) => !isTerminalStatus(code));

export interface RetentionSummary {
  anonymisedPersons: number;
  /** Storage keys of the documents deleted: the caller removes their bytes after its commit. */
  removedDocumentKeys: string[];
}

export async function runRetention(options: { db: Executor; now: Date }): Promise<RetentionSummary> {
  const { db, now } = options;
  const cutoffs = retentionCutoffs(now);
  const personIds = await findPersonsPastRetention(db, {
    ...cutoffs,
    activeStatusCodes,
    limit: retentionRules.batchSize,
  });
  const removedDocumentKeys: string[] = [];
  for (const personId of personIds) {
    await anonymisePerson(db, personId, now);
    removedDocumentKeys.push(...(await deleteDocumentsOfPerson(db, personId)));
    await recordAudit(db, {
      actor: { kind: 'system', name: 'retention' },
      action: 'person.anonymise',
      subjectType: 'person',
      subjectId: personId,
      reason: 'Retention period over (ADR 0033)',
      at: now,
    });
  }
  return { anonymisedPersons: personIds.length, removedDocumentKeys };
}

export interface PersonRetention {
  /** Whether any application or insurance links the person to us (else nothing obliges us to keep them). */
  linked: boolean;
  /** Whether one of them is still moving: the day is not known until it ends. */
  moving: boolean;
  /** The day the sweep anonymises the person (the anti-money-laundering period's end); null while moving. */
  until: Date | null;
  /** Whether that day has come (the next run would anonymise them). */
  over: boolean;
}

/**
 * When the rules let one person go (ADR 0033), for the erasure request's "kept until" (ADR 0069): five
 * years (calendar, UTC) after the last change of their last application or insurance, once none is moving.
 */
export async function personRetention(options: {
  db: Executor;
  personId: string;
  now: Date;
}): Promise<PersonRetention> {
  const basis = await findRetentionBasisOfPerson(options.db, options.personId, activeStatusCodes);
  if (!basis.linked) return { linked: false, moving: false, until: null, over: true };
  if (basis.moving || !basis.lastChange) return { linked: true, moving: true, until: null, over: false };
  const until = new Date(basis.lastChange);
  until.setUTCMonth(until.getUTCMonth() + retentionRules.endedRelationshipYears * 12);
  return { linked: true, moving: false, until, over: until.getTime() <= options.now.getTime() };
}

/** Anonymises one person now and deletes their documents' rows (the caller removes the bytes after commit). */
export async function anonymisePersonNow(options: {
  db: Executor;
  personId: string;
  now: Date;
}): Promise<{ removedDocumentKeys: string[] }> {
  await anonymisePerson(options.db, options.personId, options.now);
  return { removedDocumentKeys: await deleteDocumentsOfPerson(options.db, options.personId) };
}
