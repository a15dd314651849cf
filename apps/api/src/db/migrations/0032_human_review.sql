-- Issue 34 item 3 (docs/decisions/0065): CCD2 art. 18(8) — the applicant asks for a human review of an
-- automated decision (a lender's decline, or a stop of ours), states their view and may attach a document;
-- a member of staff of the application's country answers with the main reasons by due_at; a lender's
-- decline is forwarded to that lender and its answer kept beside the request.
CREATE TABLE human_review (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  country text NOT NULL,
  -- open: waiting for staff; answered: the applicant has the answer
  status text NOT NULL CHECK (status IN ('open', 'answered')),
  -- Who asked: 'customer:<id>' or 'person:<id>' (ids only, as the audit log)
  requested_by text NOT NULL,
  -- The applicant's point of view, in their words (art. 18(8)(b))
  applicant_view text NOT NULL CHECK (length(applicant_view) BETWEEN 1 AND 2000),
  -- A document uploaded to the application through the documents module; gone if the applicant deletes it
  document_id uuid REFERENCES document(id) ON DELETE SET NULL,
  -- The decisions under review as the applicant saw them when asking (ReviewableDecision[] of the domain)
  decisions jsonb NOT NULL,
  due_at timestamptz NOT NULL,
  outcome text CHECK (outcome IN ('upheld', 'changed')),
  -- The main reasons, written for the applicant (art. 18(8)(a): a meaningful explanation)
  explanation text CHECK (length(explanation) BETWEEN 1 AND 4000),
  answered_by uuid REFERENCES agent(id),
  answered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT human_review_answered CHECK (
    (status = 'open' AND outcome IS NULL AND answered_at IS NULL)
    OR (status = 'answered' AND outcome IS NOT NULL AND explanation IS NOT NULL AND answered_at IS NOT NULL))
);
-- One open review per application: a second request while one is open is refused (409), and two requests
-- at once cannot both pass.
CREATE UNIQUE INDEX human_review_one_open_idx ON human_review (loan_application_id) WHERE status = 'open';
CREATE INDEX human_review_application_idx ON human_review (loan_application_id, created_at);
-- The back office's work queue: per market, by due date
CREATE INDEX human_review_queue_idx ON human_review (country, status, due_at);

-- A lender's decline under review, forwarded to that lender, and what it answered.
CREATE TABLE human_review_lender (
  human_review_id uuid NOT NULL REFERENCES human_review(id) ON DELETE CASCADE,
  lender_id text NOT NULL,
  loan_request_id uuid NOT NULL REFERENCES loan_request(id) ON DELETE CASCADE,
  -- pending: to forward or forwarded without an answer; answered; failed: the lender could not be asked
  status text NOT NULL CHECK (status IN ('pending', 'answered', 'failed')),
  outcome text CHECK (outcome IN ('upheld', 'changed')),
  explanation text CHECK (length(explanation) BETWEEN 1 AND 2000),
  answered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (human_review_id, lender_id)
);

-- The applicant is told that their review has been answered: a new kind of message (transactional).
ALTER TABLE message DROP CONSTRAINT message_kind_check;
ALTER TABLE message ADD CONSTRAINT message_kind_check CHECK (kind IN ('magic-link', 'offers-arrived',
  'offer-accepted', 'documents-needed', 'expiry-reminder', 'co-applicant-invite', 'human-review-answered'));
