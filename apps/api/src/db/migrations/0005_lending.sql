-- The lending engine (issue 4): status history and outbox, the job queue, one request per lender and
-- application with its §4 finer code, the lenders' quotes, product recommendations, external data and
-- the quote-accept consent. Rules live in packages/domain (status-machine.ts, lending/*);
-- decisions in docs/decisions/0008-status-transitions.md and 0009-lender-panel-and-expiry.md.

-- Every status change of an application: who caused it (applicant, system, lender, staff), why, when.
-- Written in the same transaction as the change and its outbox events.
CREATE TABLE application_status_transition (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  from_status integer NOT NULL,
  to_status integer NOT NULL,
  -- The application's revision the change produced (orders changes made in the same instant)
  revision integer NOT NULL,
  actor_kind text NOT NULL CHECK (actor_kind IN ('applicant', 'system', 'lender', 'staff')),
  -- 'customer:<id>', 'person:<id>', 'staff:<agent>', a lender id, or the job that acted ('job:process-application')
  actor_id text NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_status_transition_application_idx
  ON application_status_transition (loan_application_id, revision);

-- Transactional outbox of the §3 domain events. Consumers read it in id order; the relay marks what it
-- has handed on. Never updated otherwise.
CREATE TABLE outbox_event (
  id bigserial PRIMARY KEY,
  event_name text NOT NULL CHECK (event_name IN (
    'loan-quote-registered', 'loan-quote-approved', 'loan-quote-not-approved', 'loan-quote-cancelled',
    'application-registration-complete', 'loan-application-status-changed',
    'steps-initiated', 'step-advanced', 'steps-completed')),
  -- 'loan-application' or 'loan-quote'
  aggregate_type text NOT NULL,
  aggregate_id uuid NOT NULL,
  loan_application_id uuid NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX outbox_event_unpublished_idx ON outbox_event (id) WHERE published_at IS NULL;
CREATE INDEX outbox_event_application_idx ON outbox_event (loan_application_id, id);

-- The job queue: claimed with FOR UPDATE SKIP LOCKED, leased to one worker until locked_until; a lease that
-- runs out (a worker died) is claimed again. dedupe_key makes enqueueing idempotent.
CREATE TABLE job (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  dedupe_key text UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5,
  locked_by text,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX job_due_idx ON job (run_at, id) WHERE status IN ('pending', 'running');

-- One request per lender and application (§3 LoanRequest), with its §4 finer code (211 … 691).
CREATE TABLE loan_request (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  lender_id text NOT NULL,
  status integer NOT NULL DEFAULT 211 CHECK (status BETWEEN 200 AND 699),
  -- The lender's reason code for a refusal or decline ('BANK_FILTER_INCOME', 'AFFORDABILITY', …)
  reason_code text,
  reason text,
  -- The lender's own id for the application
  external_reference text,
  registered_at timestamptz,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (loan_application_id, lender_id)
);
CREATE INDEX loan_request_status_idx ON loan_request (status);

-- A lender's offer (§2 LoanQuote). Figures are unrounded (rounding is for display); rates in percent.
-- An offer that breaks a country cap is stored with status 'withheld' and its reasons, never shown.
CREATE TABLE loan_quote (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  loan_request_id uuid NOT NULL REFERENCES loan_request(id) ON DELETE CASCADE,
  lender_id text NOT NULL,
  -- What produced it: 'decision:<n>' (n-th offer of the lender's decision) or 'change:<id>' (changed offer);
  -- unique per request so that a retried job cannot store an offer twice
  origin_key text NOT NULL,
  currency text NOT NULL,
  amount integer NOT NULL,
  duration_months integer NOT NULL,
  nominal_rate double precision NOT NULL,
  effective_rate double precision,
  monthly_payment double precision,
  annuity_payment double precision,
  total_cost double precision,
  total_payable double precision,
  startup_fee double precision NOT NULL,
  monthly_fee double precision NOT NULL,
  fee_handling text NOT NULL CHECK (fee_handling IN ('upfront', 'financed')),
  -- §3 offer types and loan kinds
  offer_type text NOT NULL,
  loan_kind text NOT NULL,
  -- 'approved' (the asked terms) or 'counter-offer'
  decision text NOT NULL,
  status text NOT NULL CHECK (status IN (
    'approved', 'withheld', 'accepted', 'not-accepted', 'superseded', 'cancelled', 'expired', 'withdrawn')),
  -- Cap violations ({ code, message }[]) of a withheld offer
  withheld_reasons jsonb,
  -- §3 offer acceptance status: pending, accepted, already-accepted, failed
  acceptance_status text,
  accepted_at timestamptz,
  -- §3 entry sources: MyPage, AutoAccept, ACE
  entry_source text,
  signing_url text,
  expires_at timestamptz NOT NULL,
  replaces_quote_id uuid REFERENCES loan_quote(id),
  -- §3 document requests: [{ id, action, timing, category, status }]
  document_requests jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (loan_request_id, origin_key)
);
CREATE INDEX loan_quote_application_idx ON loan_quote (loan_application_id, status);
-- At most one acceptance in flight or done per application: two simultaneous accepts give exactly one.
CREATE UNIQUE INDEX loan_quote_one_acceptance_idx ON loan_quote (loan_application_id)
  WHERE acceptance_status IN ('pending', 'accepted');

-- §7 product recommendation: the quote we recommend and why (reasons of domain/lending/recommendation.ts).
CREATE TABLE product_recommendation (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  loan_quote_id uuid REFERENCES loan_quote(id) ON DELETE CASCADE,
  reasons jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_recommendation_application_idx ON product_recommendation (loan_application_id, created_at);

-- What the external-data step fetched (debt register, credit report with payment remarks, sanctions
-- screening): one row per application and source, replaced on a re-fetch.
CREATE TABLE external_data (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  source text NOT NULL,
  -- §3 lookup status: requested, success, missing_data, error
  status text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  fetched_at timestamptz NOT NULL,
  UNIQUE (loan_application_id, source)
);

-- §7 loan-quote accept consent: the applicant confirmed the SECCI and agreed to the application being
-- shared with the chosen lender. One row per consent given.
CREATE TABLE loan_quote_consent (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  loan_quote_id uuid REFERENCES loan_quote(id) ON DELETE CASCADE,
  given_by text NOT NULL,
  consent_version text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX loan_quote_consent_application_idx ON loan_quote_consent (loan_application_id);
