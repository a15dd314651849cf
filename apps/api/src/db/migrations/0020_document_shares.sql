-- Issue 13 item 6, upload once (docs/decisions/0036): a document the applicant uploaded is offered to every
-- lender that asks for the same category, and sent to a lender only when the applicant chooses so for that
-- lender. Each choice is a row here: which lender's request (the quote's document request id), which
-- document, who chose (the caller, never a national id) and when. One share per request: the lender gets
-- one document for what it asked.
CREATE TABLE document_share (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  loan_quote_id uuid NOT NULL REFERENCES loan_quote(id) ON DELETE CASCADE,
  document_request_id uuid NOT NULL UNIQUE,
  document_id uuid NOT NULL REFERENCES document(id) ON DELETE CASCADE,
  lender_id text NOT NULL,
  category text NOT NULL,
  shared_by text NOT NULL,
  shared_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_share_application_idx ON document_share (loan_application_id, shared_at);
