import { type FormEvent, useState } from 'react';
import { useAgents, useSetAgentDisabled } from '#src/features/buckets/api/agents.ts';
import { type BucketAnswer, useBuckets } from '#src/features/buckets/api/list-buckets.ts';
import { type BucketInput, useSaveBucket } from '#src/features/buckets/api/save-bucket.ts';
import { Empty, ErrorMessage, Loading } from '#src/shared/ui/feedback.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// Bucket admin for managers: the buckets' names, priorities (lower is worked first), whether an ACE
// action is required, and the conditions in words; and switching agents off and on.

const emptyBucket: BucketInput = {
  Name: '',
  Priority: 100,
  RequiresACEAction: false,
  ConditionsExplanation: '',
};

export function BucketAdminPage() {
  useDocumentTitle('Buckets');
  const buckets = useBuckets();
  const [editing, setEditing] = useState<BucketAnswer | 'new' | null>(null);

  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Buckets</h1>
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          New bucket
        </button>
      </header>
      {editing ? (
        <BucketForm
          key={editing === 'new' ? 'new' : editing.ID}
          bucket={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {buckets.isPending ? <Loading /> : null}
      {buckets.isError ? <ErrorMessage error={buckets.error} /> : null}
      {buckets.data && buckets.data.length === 0 ? <Empty>No buckets yet.</Empty> : null}
      {buckets.data && buckets.data.length > 0 ? (
        <table className="data-table">
          <caption>Buckets by priority</caption>
          <thead>
            <tr>
              <th scope="col" className="number">
                Priority
              </th>
              <th scope="col">Name</th>
              <th scope="col">ACE action</th>
              <th scope="col">Conditions</th>
              <th scope="col">Actions</th>
              <th scope="col">
                <span className="visually-hidden">Edit</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {buckets.data.map((bucket) => (
              <tr key={bucket.ID}>
                <td className="number">{bucket.Priority}</td>
                <td>{bucket.Name}</td>
                <td>{bucket.RequiresACEAction ? 'Required' : '—'}</td>
                <td>{bucket.ConditionsExplanation || '—'}</td>
                <td>
                  {bucket.Actions?.map((action) => `${action.name} (${action.role})`).join(', ') || '—'}
                </td>
                <td>
                  <button type="button" onClick={() => setEditing(bucket)} aria-label={`Edit ${bucket.Name}`}>
                    Edit
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <AgentsSection />
    </main>
  );
}

function BucketForm({ bucket, onDone }: { bucket: BucketAnswer | null; onDone: () => void }) {
  const save = useSaveBucket();
  const [input, setInput] = useState<BucketInput>(
    bucket
      ? {
          Name: bucket.Name,
          Priority: bucket.Priority,
          RequiresACEAction: bucket.RequiresACEAction,
          ConditionsExplanation: bucket.ConditionsExplanation,
        }
      : emptyBucket,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ bucketID: bucket?.ID ?? null, input }, { onSuccess: onDone });
  };
  return (
    <form
      className="card form-grid"
      onSubmit={submit}
      aria-label={bucket ? `Edit ${bucket.Name}` : 'New bucket'}
    >
      <h2>{bucket ? `Edit ${bucket.Name}` : 'New bucket'}</h2>
      <label>
        Name
        <input
          required
          maxLength={100}
          value={input.Name}
          onChange={(event) => setInput({ ...input, Name: event.target.value })}
        />
      </label>
      <label>
        Priority (lower is worked first)
        <input
          type="number"
          required
          min={0}
          max={10000}
          value={input.Priority}
          onChange={(event) => setInput({ ...input, Priority: Number(event.target.value) })}
        />
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={input.RequiresACEAction}
          onChange={(event) => setInput({ ...input, RequiresACEAction: event.target.checked })}
        />
        Requires an ACE action
      </label>
      <label>
        Conditions, in words
        <textarea
          rows={2}
          maxLength={2000}
          value={input.ConditionsExplanation}
          onChange={(event) => setInput({ ...input, ConditionsExplanation: event.target.value })}
        />
      </label>
      <div className="toolbar">
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      {save.isError ? <ErrorMessage title="Not saved" error={save.error} /> : null}
    </form>
  );
}

function AgentsSection() {
  const agents = useAgents();
  const setDisabled = useSetAgentDisabled();
  return (
    <section aria-labelledby="agents-heading" className="panel">
      <h2 id="agents-heading">Agents</h2>
      {agents.isPending ? <Loading /> : null}
      {agents.isError ? <ErrorMessage error={agents.error} /> : null}
      {setDisabled.isError ? <ErrorMessage title="Not changed" error={setDisabled.error} /> : null}
      {agents.data ? (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Country</th>
              <th scope="col">Roles</th>
              <th scope="col">May sign in</th>
            </tr>
          </thead>
          <tbody>
            {agents.data.map((agent) => (
              <tr key={agent.ID}>
                <td>{agent.Name}</td>
                <td>{agent.MarketCountry}</td>
                <td>
                  {agent.Roles.map((role) => `${role.Name}${role.Country ? ` (${role.Country})` : ''}`).join(
                    ', ',
                  )}
                </td>
                <td>
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={!agent.Disabled}
                      disabled={setDisabled.isPending}
                      onChange={(event) =>
                        setDisabled.mutate({ agentID: agent.ID, Disabled: !event.target.checked })
                      }
                    />
                    {agent.Disabled ? 'Disabled' : 'Active'}
                  </label>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
