-- Issue 35 item 2 (docs/decisions/0076): verified income and expenses from the bank account. One row per
-- application: the consent the applicant gave the account-information provider (date, scope, expiry) and
-- the figures derived from 12 months of transactions. The transactions themselves are never stored. The
-- row goes with the application (ON DELETE CASCADE), and with it everything learnt from the bank.
CREATE TABLE bank_data_connection (
  loan_application_id uuid PRIMARY KEY REFERENCES loan_application (id) ON DELETE CASCADE,
  -- 'pending' (sent to the bank), 'connected' (figures derived), 'failed' (see failure_reason).
  state text NOT NULL,
  -- SHA-256 of the redirect's state parameter: the callback finds the row by it, once (never stored plain).
  state_hash text UNIQUE,
  state_expires_at timestamptz,
  return_path text NOT NULL,
  failure_reason text,
  consent_scope text,
  consent_granted_at timestamptz,
  consent_expires_at timestamptz,
  figures jsonb,
  -- The applicant's corrections of the figures (null: accepted as found).
  corrected jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
