-- Issue 34 item 5 (docs/decisions/0066): withdrawal from a signed credit agreement (CCD2 art. 26; Finland
-- KSL 7:20–21 and HE 120/2025: online). One row per application: the customer withdraws once (the unique
-- key answers a second withdrawal, also two at once, with 409). The figures are kept as they were shown
-- and sent: the capital paid out, the borrowing rate, the interest of a day, and the most owed on the last
-- day to pay back (30 days after the notice, art. 26(3)(b)).
CREATE TABLE credit_withdrawal (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL UNIQUE REFERENCES loan_application(id) ON DELETE CASCADE,
  loan_quote_id uuid NOT NULL REFERENCES loan_quote(id) ON DELETE CASCADE,
  lender_id text NOT NULL,
  country text NOT NULL,
  -- When the lender reported the agreement signed (its signed 'agreement-signed' callback): the 14 days start.
  signed_at timestamptz NOT NULL,
  withdrawn_at timestamptz NOT NULL,
  -- When the credit was paid out (the move to 700); null when it was not: nothing to pay back.
  paid_out_at timestamptz,
  currency text NOT NULL,
  principal double precision NOT NULL CHECK (principal >= 0),
  nominal_rate double precision NOT NULL CHECK (nominal_rate >= 0),
  daily_interest double precision NOT NULL CHECK (daily_interest >= 0),
  interest_days integer NOT NULL CHECK (interest_days >= 0),
  interest double precision NOT NULL CHECK (interest >= 0),
  total double precision NOT NULL CHECK (total >= 0),
  pay_back_by timestamptz NOT NULL,
  status_before integer NOT NULL,
  status_after integer NOT NULL,
  -- Telling the lender (lender-api/lender-withdrawal.ts), retried by a job until it answers.
  lender_notice text NOT NULL CHECK (lender_notice IN ('pending', 'sent', 'failed')),
  lender_notified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The applicant is told of their withdrawal: a new kind of message (transactional).
ALTER TABLE message DROP CONSTRAINT message_kind_check;
ALTER TABLE message ADD CONSTRAINT message_kind_check CHECK (kind IN ('magic-link', 'offers-arrived',
  'offer-accepted', 'documents-needed', 'expiry-reminder', 'co-applicant-invite', 'human-review-answered',
  'credit-withdrawn'));
