import { request, segment } from '#src/shared/api/http.ts';
import { useApplicationMutation } from './use-application-mutation.ts';

export const resendMagicLink = (applicationID: string) =>
  request('POST', `/backoffice/applications/${segment(applicationID)}/magic-link`);

export const useResendMagicLink = (applicationID: string) =>
  useApplicationMutation(applicationID, () => resendMagicLink(applicationID));
