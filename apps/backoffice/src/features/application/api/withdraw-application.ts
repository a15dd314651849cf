import { request, segment } from '#src/shared/api/http.ts';
import { useApplicationMutation } from './use-application-mutation.ts';

export const withdrawApplication = (applicationID: string, reason: string) =>
  request('POST', `/backoffice/applications/${segment(applicationID)}/withdraw`, {
    body: { Reason: reason },
  });

export const useWithdrawApplication = (applicationID: string) =>
  useApplicationMutation(applicationID, (reason: string) => withdrawApplication(applicationID, reason));
