-- Co-applicant invites (issue 13 item 8; docs/decisions/0038-co-applicant-invite.md). The main applicant
-- invites the co-applicant by e-mail and/or SMS; the link carries a 256-bit token of which only the SHA-256
-- is stored (as magic links, ADR 0010). One live invite per application: a new one revokes the one before.
-- The addresses typed by the main applicant are kept only masked (for the status shown back to them).
CREATE TABLE co_applicant_invite (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  masked_email text,
  masked_phone text,
  expires_at timestamptz NOT NULL,
  -- Set when a newer invite replaced this one: its link no longer works
  revoked_at timestamptz,
  -- Set when the co-applicant, signed in with their own e-ID, took the invite up (single use)
  accepted_at timestamptz,
  accepted_by text,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX co_applicant_invite_application_idx ON co_applicant_invite (loan_application_id, created_at);

-- The invite message is a new kind of message (transactional: it serves the application).
ALTER TABLE message DROP CONSTRAINT message_kind_check;
ALTER TABLE message ADD CONSTRAINT message_kind_check CHECK (kind IN ('magic-link', 'offers-arrived', 'offer-accepted', 'documents-needed', 'expiry-reminder', 'co-applicant-invite'));
