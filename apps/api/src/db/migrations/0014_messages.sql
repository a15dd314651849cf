-- E-mail and SMS through the outbox (issue 11; docs/decisions/0030-messages.md). One row per message and
-- channel, written in the transaction that decided to send it, together with its `message.send` job.
-- idempotency_key makes "send this" idempotent (a relayed event or a retried request queues it once) and is
-- handed to the provider (SMTP Message-ID, SMS client reference), so a resend after a crash is recognised.
CREATE TABLE message (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  idempotency_key text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('magic-link', 'offers-arrived', 'offer-accepted', 'documents-needed', 'expiry-reminder')),
  -- Consent purposes (§3): transactional messages serve the application; marketing needs the consent given
  purpose text NOT NULL CHECK (purpose IN ('transactional', 'marketing')),
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient text NOT NULL,
  brand text NOT NULL,
  locale text NOT NULL CHECK (locale IN ('nb-NO', 'sv-SE', 'fi-FI', 'da-DK')),
  loan_application_id uuid REFERENCES loan_application(id) ON DELETE CASCADE,
  -- The rendered text lives only until the message reaches its final status (a magic link's text is a
  -- credential), then it is erased; the inbox of the recipient is the copy.
  subject text,
  text_body text,
  html_body text,
  -- SMS statuses (§3) for both channels: new → in_flight → sent / failed
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_flight', 'sent', 'failed')),
  -- E-mail events (§3) we can observe over SMTP: sent (accepted by the server) or bounced (refused)
  email_event text CHECK (email_event IN ('sent', 'bounced')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  provider_message_id text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_application_idx ON message (loan_application_id, created_at);
-- A magic link's notification is now 'queued' when its message is written; the message row says how the
-- delivery went (sent / failed).
ALTER TABLE notification DROP CONSTRAINT notification_status_check;
ALTER TABLE notification ADD CONSTRAINT notification_status_check CHECK (status IN ('queued', 'sent', 'failed'));
