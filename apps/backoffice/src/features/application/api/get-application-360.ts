import {
  type Applicant360,
  type Application360,
  application360Schema,
} from '@nordloan/domain/application-360';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseWith, request, segment } from '#src/shared/api/http.ts';

// GET /backoffice/applications/{id}: the 360° view (the read is audited by the server), parsed with the
// domain's application360Schema — the one the API writes it with (docs/decisions/0018). The records it only
// shows (income, debts, documents, consents, …) are shown field by field (shared/ui/record-view.tsx).

export async function getApplication360(applicationID: string): Promise<Application360> {
  return parseWith(application360Schema)(
    await request('GET', `/backoffice/applications/${segment(applicationID)}`),
  );
}

export const application360Key = (applicationID: string) => ['application-360', applicationID] as const;

export const application360QueryOptions = (applicationID: string) =>
  queryOptions({
    queryKey: application360Key(applicationID),
    queryFn: () => getApplication360(applicationID),
  });

export function useApplication360(applicationID: string) {
  return useQuery(application360QueryOptions(applicationID));
}

/** A person's first and last name as far as they are known ('' when neither is). */
export function fullName(person: Applicant360['Person'] | undefined): string {
  return [person?.FirstName, person?.LastName].filter(Boolean).join(' ');
}

export function applicantName(view: Application360, fallback = 'Applicant'): string {
  const main = view.Applicants.find((applicant) => applicant.Role === 'MainApplicant') ?? view.Applicants[0];
  return fullName(main?.Person) || fallback;
}

/** Whether the caller may take a staff action here (the server checks again; this only hides buttons). */
export function mayDo(view: Application360, path: string): boolean {
  const action = view.Actions.find((candidate) => candidate.Path.endsWith(path));
  return action ? action.Allowed : true;
}
