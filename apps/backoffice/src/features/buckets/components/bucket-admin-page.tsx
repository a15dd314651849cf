import { type FormEvent, useState } from 'react';
import { useAgents, useSetAgentDisabled } from '#src/features/buckets/api/agents.ts';
import { type BucketAnswer, useBuckets } from '#src/features/buckets/api/list-buckets.ts';
import { type BucketInput, useSaveBucket } from '#src/features/buckets/api/save-bucket.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { Empty, ErrorMessage, Loading } from '#src/shared/ui/feedback.tsx';
import { bucketWords } from '#src/shared/ui/status.tsx';
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
  const { t } = useI18n();
  useDocumentTitle(t.bucketsPage.title);
  const buckets = useBuckets();
  const [editing, setEditing] = useState<BucketAnswer | 'new' | null>(null);

  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>{t.bucketsPage.title}</h1>
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          {t.bucketsPage.newBucket}
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
      {buckets.data && buckets.data.length === 0 ? <Empty>{t.bucketsPage.none}</Empty> : null}
      {buckets.data && buckets.data.length > 0 ? (
        <table className="data-table">
          <caption>{t.bucketsPage.caption}</caption>
          <thead>
            <tr>
              <th scope="col" className="number">
                {t.bucketsPage.priority}
              </th>
              <th scope="col">{t.bucketsPage.name}</th>
              <th scope="col">{t.bucketsPage.ace}</th>
              <th scope="col">{t.bucketsPage.conditions}</th>
              <th scope="col">{t.bucketsPage.actions}</th>
              <th scope="col">
                <span className="visually-hidden">{t.bucketsPage.edit}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {buckets.data.map((bucket) => (
              <tr key={bucket.ID}>
                <td className="number">{bucket.Priority}</td>
                <td>{bucketWords(t, bucket.Name)}</td>
                <td>{bucket.RequiresACEAction ? t.bucketsPage.required : t.common.nothing}</td>
                <td>{bucket.ConditionsExplanation || t.common.nothing}</td>
                <td>
                  {bucket.Actions?.map(
                    (action) => `${action.name} (${t.roles[action.role] ?? action.role})`,
                  ).join(', ') || t.common.nothing}
                </td>
                <td>
                  <button
                    type="button"
                    onClick={() => setEditing(bucket)}
                    aria-label={t.bucketsPage.editBucket(bucketWords(t, bucket.Name))}
                  >
                    {t.bucketsPage.edit}
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
  const { t } = useI18n();
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
      aria-label={bucket ? t.bucketsPage.editBucket(bucket.Name) : t.bucketsPage.newBucket}
    >
      <h2>{bucket ? t.bucketsPage.editBucket(bucket.Name) : t.bucketsPage.newBucket}</h2>
      <label>
        {t.bucketsPage.name}
        <input
          required
          maxLength={100}
          value={input.Name}
          onChange={(event) => setInput({ ...input, Name: event.target.value })}
        />
      </label>
      <label>
        {t.bucketsPage.priorityHint}
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
        {t.bucketsPage.requiresAce}
      </label>
      <label>
        {t.bucketsPage.conditionsInWords}
        <textarea
          rows={2}
          maxLength={2000}
          value={input.ConditionsExplanation}
          onChange={(event) => setInput({ ...input, ConditionsExplanation: event.target.value })}
        />
      </label>
      <div className="toolbar">
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? t.common.saving : t.common.save}
        </button>
        <button type="button" onClick={onDone}>
          {t.common.cancel}
        </button>
      </div>
      {save.isError ? <ErrorMessage title={t.bucketsPage.notSaved} error={save.error} /> : null}
    </form>
  );
}

function AgentsSection() {
  const { t } = useI18n();
  const agents = useAgents();
  const setDisabled = useSetAgentDisabled();
  return (
    <section aria-labelledby="agents-heading" className="panel">
      <h2 id="agents-heading">{t.bucketsPage.agents}</h2>
      {agents.isPending ? <Loading /> : null}
      {agents.isError ? <ErrorMessage error={agents.error} /> : null}
      {setDisabled.isError ? (
        <ErrorMessage title={t.bucketsPage.notChanged} error={setDisabled.error} />
      ) : null}
      {agents.data ? (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t.bucketsPage.name}</th>
              <th scope="col">{t.common.country}</th>
              <th scope="col">{t.bucketsPage.roles}</th>
              <th scope="col">{t.bucketsPage.maySignIn}</th>
            </tr>
          </thead>
          <tbody>
            {agents.data.map((agent) => (
              <tr key={agent.ID}>
                <td>{agent.Name}</td>
                <td>{t.countries[agent.MarketCountry] ?? agent.MarketCountry}</td>
                <td>
                  {agent.Roles.map(
                    (role) =>
                      `${t.roles[role.Name] ?? role.Name}${role.Country ? ` (${t.countries[role.Country] ?? role.Country})` : ''}`,
                  ).join(', ')}
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
                    {agent.Disabled ? t.bucketsPage.disabled : t.bucketsPage.active}
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
