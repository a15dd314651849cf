import { type FormEvent, useState } from 'react';
import { useAddNote } from '#src/features/application/api/add-note.ts';
import type { Application360 } from '#src/features/application/api/get-application-360.ts';
import { ErrorMessage } from '#src/shared/ui/feedback.tsx';
import { NotesList } from './application-tabs.tsx';

export const maxNoteLength = 4000;

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
      <NotesList notes={view.Notes} />
    </div>
  );
}
