-- Issue 33 item 3 (docs/decisions/0062): the inbox of signed lender callbacks. Every callback that passed
-- its signature and names its own lender's application is kept once, by lender and MessageId (a second
-- delivery is a duplicate and changes nothing), and acted on in the order the lender's work takes, not the
-- order it arrived in: one that comes before its predecessor waits here ('waiting') and is acted on when
-- the predecessor has been; one the application has moved past is kept 'ignored'.
CREATE TABLE lender_callback (
  id bigserial PRIMARY KEY,
  lender_id text NOT NULL,
  message_id uuid NOT NULL,
  type text NOT NULL CHECK (type IN ('offer', 'decline', 'documents-requested', 'agreement-signed',
    'disbursement-decision', 'disbursed', 'not-disbursed', 'cancelled', 'commission-clawback')),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  loan_request_id uuid NOT NULL REFERENCES loan_request(id) ON DELETE CASCADE,
  loan_quote_id uuid REFERENCES loan_quote(id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  payload jsonb NOT NULL,
  state text NOT NULL CHECK (state IN ('waiting', 'applied', 'ignored')),
  outcome text,
  settled_at timestamptz,
  CONSTRAINT lender_callback_once UNIQUE (lender_id, message_id)
);

-- What a new callback of an application looks for: its lender's callbacks still waiting.
CREATE INDEX lender_callback_waiting_idx ON lender_callback (loan_application_id, lender_id) WHERE state = 'waiting';
