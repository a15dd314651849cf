import { request, segment } from '#src/shared/api/http.ts';
import { useApplicationMutation } from './use-application-mutation.ts';

export const addNote = (applicationID: string, text: string) =>
  request('POST', `/backoffice/applications/${segment(applicationID)}/notes`, { body: { Text: text } });

export const useAddNote = (applicationID: string) =>
  useApplicationMutation(applicationID, (text: string) => addNote(applicationID, text));
