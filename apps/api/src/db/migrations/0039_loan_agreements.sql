-- Issue 36 item 1 (docs/decisions/0075): the lender's credit agreement for an accepted offer, signed by
-- the applicants with their country's e-ID on the personal page. One agreement per offer (the lender's PDF
-- and its SHA-256); one signature row per signing order, with its evidence: who (person), when, the hash of
-- the document signed and the e-ID transaction (the order reference). A person has at most one open or
-- signed signature per agreement; failed orders are kept with their reason.
CREATE TABLE loan_agreement (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_quote_id uuid NOT NULL REFERENCES loan_quote(id) ON DELETE CASCADE,
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  lender_id text NOT NULL,
  file_name text NOT NULL,
  content_base64 text NOT NULL,
  sha256 text NOT NULL,
  received_at timestamptz NOT NULL,
  -- Set when every applicant has signed.
  completed_at timestamptz,
  lender_notice text NOT NULL DEFAULT 'none' CHECK (lender_notice IN ('none', 'pending', 'sent', 'failed')),
  lender_notified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT loan_agreement_quote_once UNIQUE (loan_quote_id)
);

CREATE INDEX loan_agreement_application_idx ON loan_agreement (loan_application_id);

CREATE TABLE loan_agreement_signature (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agreement_id uuid NOT NULL REFERENCES loan_agreement(id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES person(id),
  role text NOT NULL CHECK (role IN ('MainApplicant', 'CoApplicant')),
  provider text NOT NULL,
  -- The e-ID transaction: the provider's order reference.
  order_ref text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'signed', 'failed')),
  reason text,
  document_sha256 text NOT NULL,
  signed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX loan_agreement_signature_open_idx ON loan_agreement_signature (agreement_id, person_id)
  WHERE status IN ('pending', 'signed');
CREATE INDEX loan_agreement_signature_agreement_idx ON loan_agreement_signature (agreement_id, created_at);
