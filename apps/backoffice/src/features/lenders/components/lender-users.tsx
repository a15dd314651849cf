import { type FormEvent, useState } from 'react';
import { type Lender, useAddLenderUser, useLenderUsers } from '#src/features/lenders/api/lenders.ts';
import { useLenderTexts } from '#src/features/lenders/model/lender-texts.ts';
import { ErrorMessage, Notice } from '#src/shared/ui/feedback.tsx';

// The people of a lender who answer in the lender portal (issue 33 item 6): the Manager adds them by name
// and work e-mail; they sign in to the back office like staff and see the portal only.

export function LenderUsers({ lender }: { lender: Lender }) {
  const text = useLenderTexts();
  const users = useLenderUsers(lender.ID);
  const add = useAddLenderUser(lender.ID);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { Name: name.trim(), Email: email.trim() },
      {
        onSuccess: () => {
          setName('');
          setEmail('');
        },
      },
    );
  };
  return (
    <section className="card" aria-labelledby={`users-${lender.ID}`}>
      <h2 id={`users-${lender.ID}`}>{text.usersTitle(lender.Name)}</h2>
      <ul data-testid="lender-users">
        {users.data?.map((user) => (
          <li key={user.ID}>
            {user.Name} {user.Email ? <span className="hint">{user.Email}</span> : null}
          </li>
        ))}
      </ul>
      {users.data?.length === 0 ? <p>{text.noUsers}</p> : null}
      <form className="inline-form" onSubmit={submit}>
        <label>
          {text.name}
          <input value={name} required minLength={2} onChange={(event) => setName(event.target.value)} />
        </label>
        <label>
          {text.email}
          <input type="email" value={email} required onChange={(event) => setEmail(event.target.value)} />
        </label>
        <button type="submit" disabled={add.isPending}>
          {text.addUser}
        </button>
      </form>
      {add.isError ? <ErrorMessage title={text.notSaved} error={add.error} /> : null}
      {add.isSuccess ? <Notice>{text.userAdded(add.data.Name)}</Notice> : null}
    </section>
  );
}
