-- Issue 36 item 2 (docs/decisions/0081): rate watch after the loan. One watch per paid-out application,
-- owned by its customer; every look at the panel's soft estimates is a rate_watch_check row (the figures of
-- the basis, never a lender's raw answer). The consent is a consent_record of its own purpose, 'rate-watch':
-- no other marketing rides on it and no marketing consent starts it.
CREATE TABLE rate_watch (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL UNIQUE REFERENCES loan_application (id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customer (id),
  country text NOT NULL CHECK (country IN ('NO', 'SE', 'FI', 'DK')),
  brand text NOT NULL,
  currency text NOT NULL,
  state text NOT NULL CHECK (state IN ('active', 'stopped', 'expired')),
  interval_months integer NOT NULL CHECK (interval_months IN (3, 6, 12)),
  threshold_amount integer NOT NULL CHECK (threshold_amount > 0),
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  started_at timestamptz NOT NULL,
  -- 24 months after it was started or last renewed (rateWatchLifetimeMonths)
  expires_at timestamptz NOT NULL,
  next_check_at timestamptz,
  stopped_at timestamptz,
  stop_reason text CHECK (stop_reason IN ('customer', 'expired', 'loan-ended', 'erasure')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_watch_customer_idx ON rate_watch (customer_id);

CREATE TABLE rate_watch_check (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  rate_watch_id uuid NOT NULL REFERENCES rate_watch (id) ON DELETE CASCADE,
  checked_at timestamptz NOT NULL,
  lenders_asked integer NOT NULL,
  lenders_answered integer NOT NULL,
  saving integer,
  threshold_amount integer NOT NULL,
  notified boolean NOT NULL,
  basis jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_watch_check_watch_idx ON rate_watch_check (rate_watch_id, checked_at DESC);

ALTER TABLE consent_record DROP CONSTRAINT consent_record_purpose_check;
ALTER TABLE consent_record
  ADD CONSTRAINT consent_record_purpose_check CHECK (purpose IN ('marketing', 'transactional', 'rate-watch'));

-- The message that tells the customer of a saving (message-templates.ts 'rate-watch-saving').
ALTER TABLE message DROP CONSTRAINT message_kind_check;
ALTER TABLE message ADD CONSTRAINT message_kind_check CHECK (kind IN ('magic-link', 'offers-arrived',
  'offer-accepted', 'documents-needed', 'expiry-reminder', 'co-applicant-invite', 'human-review-answered',
  'credit-withdrawn', 'rate-watch-saving'));
