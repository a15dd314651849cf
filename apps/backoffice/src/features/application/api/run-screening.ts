import { request, segment } from '#src/shared/api/http.ts';
import { useApplicationMutation } from './use-application-mutation.ts';

/** Runs PEP/sanctions screening of every applicant again (it also runs when an application is submitted). */
export const runScreening = (applicationID: string) =>
  request('POST', `/backoffice/applications/${segment(applicationID)}/screening`);

export const useRunScreening = (applicationID: string) =>
  useApplicationMutation(applicationID, () => runScreening(applicationID));
