-- The applicant side (issue 3): accepted terms, consent history, leads, documents, magic links and the
-- record of messages sent. Decisions: docs/decisions/0010-magic-links.md, 0011-consent-history.md,
-- 0012-document-storage.md.

-- Every acceptance of terms and conditions, kept as proof of what was agreed (§3 version label
-- "type_version_YYYYMMDD_brand"). customer.accepted_terms_* (0001) holds the latest one for quick reads.
CREATE TABLE terms_acceptance (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customer(id) ON DELETE CASCADE,
  -- §3 tc_type of the accepted entry (user-terms, privacy-policy)
  tc_type text NOT NULL,
  version_label text NOT NULL,
  -- The brand the applicant accepted on (brand id of the registry)
  brand text NOT NULL,
  accepted_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX terms_acceptance_customer_idx ON terms_acceptance (customer_id, accepted_at);

-- Consent history (§3 CustomerConsent; statuses, channels and purposes of §3 Enumerations). A consent is
-- never overwritten: every change is a new row saying who, when, which text version and which channel,
-- so that we can prove what was agreed. The current state is the newest row per
-- (customer, consent brand, purpose, channel). §9: several brands share one consent brand.
CREATE TABLE consent_record (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Strict order of the history even when two changes share a timestamp
  seq bigserial NOT NULL UNIQUE,
  customer_id uuid NOT NULL REFERENCES customer(id),
  country text NOT NULL CHECK (country IN ('NO', 'SE', 'FI', 'DK')),
  -- The brand the change was made on, and the consent brand it counts for
  brand text NOT NULL,
  consent_brand text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('marketing', 'transactional')),
  channel text NOT NULL CHECK (channel IN ('email', 'sms', 'phone')),
  status text NOT NULL CHECK (status IN ('given', 'not_given', 'revoked')),
  -- The version of the consent text the applicant was shown (content store, apps/api/content/consent)
  text_version text NOT NULL,
  -- Which call made the change: master-consent, consent-patch, customer-revoke
  source text NOT NULL,
  -- Who: 'customer:<id>', 'person:<id>', 'staff:<agent>' (never a token or a national id)
  changed_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consent_record_current_idx
  ON consent_record (customer_id, consent_brand, purpose, channel, seq DESC);

-- Append-only, enforced by the database and not only by the code that writes it.
CREATE FUNCTION consent_record_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'consent_record is append-only: record a new consent instead of changing one';
END;
$$;
CREATE TRIGGER consent_record_no_update_or_delete
  BEFORE UPDATE OR DELETE ON consent_record
  FOR EACH ROW EXECUTE FUNCTION consent_record_append_only();

-- §3 Lead (a Partner field): the application handed to a partner. §7 GET/POST/DELETE /lead/{id}.
CREATE TABLE lead (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  partner text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (loan_application_id, partner)
);

-- §3 Document: Filename and Category, an owner; the bytes live in document storage (DATA_DIR/documents by
-- default) under storage_key. The upload rules of §5/§9 are checked here too: they guard what lenders open.
CREATE TABLE document (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  filename text NOT NULL,
  category text NOT NULL CHECK (category IN ('payslip', 'tax-return', 'property-value', 'other')),
  owner text NOT NULL CHECK (owner IN ('main-applicant', 'co-applicant')),
  -- Judged from the file's bytes, never from its name (§5 pdf, jpeg or png)
  content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
  -- §9 at most 20 MB (20,971,520 bytes); an empty file is no document
  size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 20971520),
  sha256 text NOT NULL,
  storage_key text NOT NULL UNIQUE,
  uploaded_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_application_idx ON document (loan_application_id, created_at);

-- Magic links (§7 GET /loan-application/magic/{magicToken}, the magic-token exchange): a long random
-- token bound to one application. Only its SHA-256 is stored; the token itself exists only in the
-- message sent to the applicant.
CREATE TABLE magic_link (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  expires_at timestamptz NOT NULL,
  -- Set by the exchange for a JWT: a link logs in once
  used_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX magic_link_application_idx ON magic_link (loan_application_id);

-- The record of every e-mail and SMS we sent and to whom (without its text: a magic link's text
-- carries the token).
CREATE TABLE notification (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient text NOT NULL,
  loan_application_id uuid REFERENCES loan_application(id) ON DELETE CASCADE,
  magic_link_id uuid REFERENCES magic_link(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('sent', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_application_idx ON notification (loan_application_id, created_at);
