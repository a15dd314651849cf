-- Issue 35 item 3 (docs/decisions/0079): the debt registers. One row per application and applicant: the
-- consent the applicant gave to read their debts in the national register (when, what, what for), which
-- register answered, and what it reported (kept as found, so staff can see what the applicant corrected).
-- The debts themselves go into `debt` with source 2. The row goes with the application (ON DELETE
-- CASCADE): erasure and the retention sweep delete applications, so nothing extra is needed there.
CREATE TABLE debt_register_inquiry (
  loan_application_id uuid NOT NULL REFERENCES loan_application (id) ON DELETE CASCADE,
  owner_role text NOT NULL,
  -- 'NO-GJELDSREGISTERET' or 'FI-POSITIIVINEN-LUOTTOTIETOREKISTERI'.
  register text NOT NULL,
  -- 'fetched' (the register answered; `found` holds its debts), 'failed' (see failure_reason).
  state text NOT NULL,
  failure_reason text,
  consent_given_at timestamptz NOT NULL,
  consent_scope text NOT NULL,
  consent_purpose text NOT NULL,
  -- The register's own id of the inquiry (its log of who asked, for the applicant's right of access).
  register_reference text,
  found jsonb,
  fetched_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (loan_application_id, owner_role)
);
