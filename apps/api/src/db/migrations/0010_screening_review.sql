-- The decision on a PEP/sanctions screening hit (issue 9; docs/decisions/0022-calls-and-screening.md).
-- person_check rows are never edited (ADR 0013), so the reviewer's decision is its own row: one per check.
-- A check with a hit and no row here is an open hit: it holds its application before the lender panel.
CREATE TABLE person_check_review (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  person_check_id uuid NOT NULL UNIQUE REFERENCES person_check(id) ON DELETE CASCADE,
  loan_application_id uuid REFERENCES loan_application(id) ON DELETE SET NULL,
  -- clear: the hit is not our customer or the risk is accepted; block: the application goes to 198/199
  decision text NOT NULL CHECK (decision IN ('clear', 'block')),
  -- Why, in the reviewer's words (hvitvaskingsloven § 24 / penningtvättslagen 3 kap. 4 §: document the assessment)
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
  -- The reviewing agent; NULL only for a token that names no agent
  decided_by uuid REFERENCES agent(id),
  decided_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX person_check_review_application_idx ON person_check_review (loan_application_id);
-- Open hits are found per application (the intake hold) and per market (the review list)
CREATE INDEX person_check_application_idx ON person_check (loan_application_id, created_at);
