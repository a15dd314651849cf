-- Audit log: every staff read of personal data and every staff change (who, what, when, why), kept as an
-- append-only record (issue 9, issue 17). One row per event; never a token or a national identity number in it.
CREATE TABLE audit_entry (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT now(),
  -- Who: the agent's uuid for staff (NULL for a machine or an applicant), and a readable label
  -- ('staff:<agent uuid>', 'customer:<id>', 'person:<id>', 'system:<job>').
  actor_agent_id uuid REFERENCES agent(id),
  actor text NOT NULL CHECK (char_length(actor) BETWEEN 1 AND 200),
  -- What: a dotted verb ('application.read', 'person.revealNationalId', 'regulatoryFigure.create', …).
  action text NOT NULL CHECK (action ~ '^[a-zA-Z][a-zA-Z0-9]*(\.[a-zA-Z][a-zA-Z0-9]*)+$' AND char_length(action) <= 100),
  -- On what: the kind of record and its id, and the application it belongs to when there is one.
  subject_type text NOT NULL CHECK (subject_type ~ '^[a-z][a-z0-9-]*$' AND char_length(subject_type) <= 50),
  subject_id text NOT NULL CHECK (char_length(subject_id) BETWEEN 1 AND 100),
  loan_application_id uuid,
  country text CHECK (country IN ('NO', 'SE', 'FI', 'DK')),
  -- Why: the reason the member of staff gave (required for changes by the services that ask for one).
  reason text CHECK (char_length(reason) <= 2000),
  -- Further facts (changed field names, old/new status…). Never personal data beyond ids.
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_entry_application_idx ON audit_entry (loan_application_id, at DESC) WHERE loan_application_id IS NOT NULL;
CREATE INDEX audit_entry_subject_idx ON audit_entry (subject_type, subject_id, at DESC);
CREATE INDEX audit_entry_actor_idx ON audit_entry (actor_agent_id, at DESC) WHERE actor_agent_id IS NOT NULL;

CREATE FUNCTION audit_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entry is append-only';
END;
$$;
CREATE TRIGGER audit_entry_no_update_or_delete
  BEFORE UPDATE OR DELETE ON audit_entry
  FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only();
