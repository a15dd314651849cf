import type { PersonCheck } from '@nordloan/domain/backoffice';
import type { PersonCheckRow } from './person-check.repository.ts';

// A stored screening → the §3 Person check (PascalCase, timestamps as ISO strings).

export function toPersonCheck(row: PersonCheckRow): PersonCheck {
  return {
    ID: row.id,
    CreatedAt: row.createdAt.toISOString(),
    PersonID: row.personId,
    LoanApplicationID: row.loanApplicationId,
    Details: row.details,
    FullName: row.fullName,
    Attributes: { PEP: row.isPep, RCA: row.isRca, Sanctioned: row.isSanctioned },
  };
}
