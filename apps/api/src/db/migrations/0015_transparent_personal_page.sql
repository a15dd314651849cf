-- Issue 13, a transparent personal page (docs/decisions/0031): what nordloan is paid per lender, each
-- lender's path through an application, the credit inquiries lenders made, and a change signal that the
-- personal page's live stream follows across API instances (LISTEN/NOTIFY).

-- What the lender pays nordloan when an applicant accepts one of its offers and it is paid out, as a
-- percentage of the amount paid out (the usual form of a Nordic broker's commission). Shown on every offer.
ALTER TABLE lender
  ADD COLUMN commission_percent double precision NOT NULL DEFAULT 0
    CHECK (commission_percent >= 0 AND commission_percent <= 10);

-- Every status a lender's request went through, written by the database itself (trigger below) so that no
-- code path that moves a request can forget it. created_at is the request's own updated_at: the
-- application's clock, not the transaction's.
CREATE TABLE loan_request_event (
  id bigserial PRIMARY KEY,
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  loan_request_id uuid NOT NULL REFERENCES loan_request(id) ON DELETE CASCADE,
  lender_id text NOT NULL,
  status integer NOT NULL,
  reason_code text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX loan_request_event_application_idx ON loan_request_event (loan_application_id, id);

-- A lender checked the applicant's credit: when the lender answered the registration (registered, or
-- refused on the credit score), or first moved to its decision without a registration step. One per
-- request. The consent it relied on: the credit-check consent given on the application (the apply journey's
-- consent step, Data.CreditCheckConsent; its time), and the version of the terms the customer had accepted.
CREATE TABLE credit_inquiry (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  loan_request_id uuid NOT NULL UNIQUE REFERENCES loan_request(id) ON DELETE CASCADE,
  lender_id text NOT NULL,
  checked_at timestamptz NOT NULL,
  consent_given_at timestamptz,
  terms_version text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_inquiry_application_idx ON credit_inquiry (loan_application_id, checked_at);

CREATE FUNCTION loan_request_record_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  application_data jsonb;
  consent_at timestamptz;
  terms text;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status = OLD.status THEN
    RETURN NEW;
  END IF;
  INSERT INTO loan_request_event (loan_application_id, loan_request_id, lender_id, status, reason_code, created_at)
  VALUES (NEW.loan_application_id, NEW.id, NEW.lender_id, NEW.status, NEW.reason_code, NEW.updated_at);
  IF NEW.status = 251 OR NEW.status = 264 OR (NEW.status BETWEEN 300 AND 399 AND NEW.status NOT IN (361, 381, 382, 383, 391)) THEN
    SELECT a.data, c.accepted_terms_version INTO application_data, terms
    FROM loan_application a LEFT JOIN customer c ON c.id = a.customer_id
    WHERE a.id = NEW.loan_application_id;
    -- The applicant's data is not ours to trust: a malformed time is recorded as unknown, never an error
    -- that would undo the lender's answer.
    BEGIN
      IF application_data -> 'CreditCheckConsent' ->> 'Given' = 'true' THEN
        consent_at := (application_data -> 'CreditCheckConsent' ->> 'At')::timestamptz;
      END IF;
    EXCEPTION WHEN others THEN
      consent_at := NULL;
    END;
    INSERT INTO credit_inquiry (loan_application_id, loan_request_id, lender_id, checked_at, consent_given_at, terms_version)
    VALUES (NEW.loan_application_id, NEW.id, NEW.lender_id, NEW.updated_at, consent_at, terms)
    ON CONFLICT (loan_request_id) DO NOTHING;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER loan_request_events
  AFTER INSERT OR UPDATE OF status ON loan_request
  FOR EACH ROW EXECUTE FUNCTION loan_request_record_event();

-- The change signal: the id of an application whose status, lender requests or offers changed. NOTIFY is
-- transactional (delivered at commit, identical payloads of one transaction folded into one), so a
-- listener only ever hears about stored changes. The payload is an id, never personal data.
CREATE FUNCTION notify_application_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'loan_application' THEN
    PERFORM pg_notify('application_changed', NEW.id::text);
  ELSE
    PERFORM pg_notify('application_changed', NEW.loan_application_id::text);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER loan_application_changed
  AFTER UPDATE OF status ON loan_application
  FOR EACH ROW EXECUTE FUNCTION notify_application_changed();
CREATE TRIGGER loan_request_changed
  AFTER INSERT OR UPDATE OF status ON loan_request
  FOR EACH ROW EXECUTE FUNCTION notify_application_changed();
CREATE TRIGGER loan_quote_changed
  AFTER INSERT OR UPDATE ON loan_quote
  FOR EACH ROW EXECUTE FUNCTION notify_application_changed();
