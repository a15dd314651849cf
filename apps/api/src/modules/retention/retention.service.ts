import { applicationStatusCodes, isTerminalStatus } from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { deleteDocumentsOfPerson } from '#src/modules/documents/document.repository.ts';
import { anonymisePerson, findPersonsPastRetention } from './retention.repository.ts';
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
