-- The back office at work (issue 9): work-queue rules, staff notes, and the indexes the queues and the
-- staff search need at a million applications. Decisions: docs/decisions/0020-backoffice-roles.md,
-- docs/decisions/0021-work-queues.md.

-- The work-queue rule that fills a bucket (packages/domain/src/backoffice.ts workQueueRules); staff may
-- rename a bucket, the rule stays. NULL: a bucket staff made, filled by hand or by another module.
ALTER TABLE bucket ADD COLUMN rule text UNIQUE;

-- Who closes an assignment when the rules take an application out of every queue (an end status):
-- processed_by must name an agent. Disabled, so it can never sign in or be given work.
INSERT INTO agent (id, name, disabled, market_country, roles)
VALUES ('00000000-0000-4000-8000-000000000000', 'Work-queue rules', true, 'NO', '[]'::jsonb)
ON CONFLICT (id) DO NOTHING;

-- A staff note on an application: written once, never edited (the audit log records who wrote it).
CREATE TABLE application_note (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  agent_id uuid NOT NULL REFERENCES agent(id),
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 5000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_note_application_idx ON application_note (loan_application_id, created_at DESC);

-- A queue page and "take next": open items of a bucket in a market, longest waiting first.
CREATE INDEX assignment_queue_idx ON assignment (bucket_id, country, bucket_updated_at, id)
  WHERE processed_at IS NULL;
-- Bucket summaries: open items per market and bucket, counted from the index alone (assignee and age in it).
CREATE INDEX assignment_summary_idx ON assignment (country, bucket_id) INCLUDE (assignee_id, bucket_updated_at)
  WHERE processed_at IS NULL;
-- "Mine": an agent's open items.
CREATE INDEX assignment_assignee_open_idx ON assignment (assignee_id, bucket_updated_at)
  WHERE processed_at IS NULL;
-- Staff search by national id across the markets a caller may see (the unique key leads with country).
CREATE INDEX person_national_id_idx ON person (national_id);
CREATE INDEX person_phone_idx ON person (phone) WHERE phone IS NOT NULL;
CREATE INDEX person_email_idx ON person (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX customer_phone_idx ON customer (phone) WHERE phone IS NOT NULL;
