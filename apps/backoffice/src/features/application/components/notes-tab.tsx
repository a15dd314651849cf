import type { Application360 } from '@nordloan/domain/application-360';
import { type FormEvent, useState } from 'react';
import { useAddNote } from '#src/features/application/api/add-note.ts';
import { mayDo } from '#src/features/application/api/get-application-360.ts';
import { ErrorMessage } from '#src/shared/ui/feedback.tsx';
import { NotesList } from './application-tabs.tsx';

/** As the server's noteBodySchema (Text: 1–5000 characters). */
export const maxNoteLength = 5000;

export function NotesTab({ view }: { view: Application360 }) {
  const addNote = useAddNote(view.Application.ID);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    addNote.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  return (
    <div className="stack">
      {mayDo(view, '/notes') ? (
        <form className="note-form" onSubmit={submit}>
          <label htmlFor="note-text">New note</label>
          <textarea
            id="note-text"
            rows={3}
            maxLength={maxNoteLength}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <div>
            <button type="submit" className="primary" disabled={addNote.isPending || !text.trim()}>
              {addNote.isPending ? 'Saving…' : 'Add note'}
            </button>
          </div>
          {addNote.isError ? <ErrorMessage title="The note was not saved" error={addNote.error} /> : null}
        </form>
      ) : null}
      <NotesList notes={view.Notes} />
    </div>
  );
}
