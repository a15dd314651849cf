import type { Application360 } from '@nordloan/domain/application-360';
import type { Note } from '@nordloan/domain/backoffice';
import { type FormEvent, useState } from 'react';
import { useAddNote } from '#src/features/application/api/add-note.ts';
import { mayDo } from '#src/features/application/api/get-application-360.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { Empty, ErrorMessage } from '#src/shared/ui/feedback.tsx';

/** As the server's noteBodySchema (Text: 1–5000 characters). */
export const maxNoteLength = 5000;

export function NotesList({ notes }: { notes: Note[] }) {
  const { t, fmt } = useI18n();
  if (notes.length === 0) return <Empty>{t.notes.none}</Empty>;
  return (
    <ol className="notes">
      {notes.map((note) => (
        <li key={note.ID} className="note">
          <p className="note-meta">
            {note.AgentName || t.notes.staff} · {fmt.dateTime(note.CreatedAt)}
          </p>
          <p className="note-text">{note.Text}</p>
        </li>
      ))}
    </ol>
  );
}

export function NotesTab({ view }: { view: Application360 }) {
  const { t } = useI18n();
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
          <label htmlFor="note-text">{t.notes.newNote}</label>
          <textarea
            id="note-text"
            rows={3}
            maxLength={maxNoteLength}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <div>
            <button type="submit" className="primary" disabled={addNote.isPending || !text.trim()}>
              {addNote.isPending ? t.common.saving : t.notes.add}
            </button>
          </div>
          {addNote.isError ? <ErrorMessage title={t.notes.notSaved} error={addNote.error} /> : null}
        </form>
      ) : null}
      <NotesList notes={view.Notes} />
    </div>
  );
}
