-- Issue 12, ADR 0048: the lending triggers of 0015 fire once per statement, not once per row.
--
-- The lending engine writes the requests and offers of a whole batch of applications in one statement
-- (ADR 0047, 0048).
-- Row triggers ran a PL/pgSQL function for every request and offer moved — about thirty-five calls per
-- application, a sixth of PostgreSQL's time in the quote fan-out. Statement triggers see the rows a
-- statement wrote as transition tables and write the request events and credit inquiries of all of them
-- in one INSERT each. What they record is unchanged: one loan_request_event per status a request takes (in
-- the order the statement wrote the rows), a credit_inquiry when a request reaches a status where the
-- lender checked the applicant's credit, and one change signal per application a statement changed. One
-- difference: an UPDATE that sets a status to the one it has (no code does) no longer signals a change.
--
-- PostgreSQL allows transition tables only on triggers of one event and without a column list, so an
-- insert and an update each have their own trigger, and the update triggers compare old and new status
-- themselves. The application's own change signal stays a row trigger: a statement trigger on
-- loan_application would copy every updated application (its data included) into a transition table on
-- every edit; the WHEN clause calls it only when the status changed.

DROP TRIGGER loan_request_events ON loan_request;
DROP TRIGGER loan_request_changed ON loan_request;
DROP TRIGGER loan_quote_changed ON loan_quote;
DROP TRIGGER loan_application_changed ON loan_application;
DROP FUNCTION loan_request_record_event();
DROP FUNCTION notify_application_changed();

-- The credit-check consent's time from an application's data, or NULL when there is none. The applicant's
-- data is not ours to trust: a malformed time is recorded as unknown, never an error that would undo the
-- lender's answer.
CREATE FUNCTION credit_check_consent_at(data jsonb) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF data -> 'CreditCheckConsent' ->> 'Given' IS DISTINCT FROM 'true' THEN
    RETURN NULL;
  END IF;
  BEGIN
    RETURN (data -> 'CreditCheckConsent' ->> 'At')::timestamptz;
  EXCEPTION WHEN others THEN
    RETURN NULL;
  END;
END;
$$;

-- The requests that took a new status, in the order the statement wrote them: their events and, where the
-- lender checked the applicant's credit, their credit inquiries (one per request).
CREATE FUNCTION record_loan_request_moves(moved loan_request[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO loan_request_event (loan_application_id, loan_request_id, lender_id, status, reason_code, created_at)
  SELECT r.loan_application_id, r.id, r.lender_id, r.status, r.reason_code, r.updated_at
    FROM unnest(moved) AS r;
  INSERT INTO credit_inquiry (loan_application_id, loan_request_id, lender_id, checked_at, consent_given_at, terms_version)
  SELECT r.loan_application_id, r.id, r.lender_id, r.updated_at, credit_check_consent_at(a.data), c.accepted_terms_version
    FROM unnest(moved) AS r
    JOIN loan_application a ON a.id = r.loan_application_id
    LEFT JOIN customer c ON c.id = a.customer_id
   WHERE r.status = 251 OR r.status = 264
      OR (r.status BETWEEN 300 AND 399 AND r.status NOT IN (361, 381, 382, 383, 391))
  ON CONFLICT (loan_request_id) DO NOTHING;
$$;

CREATE FUNCTION loan_requests_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An INSERT … ON CONFLICT DO NOTHING may have inserted nothing.
  IF NOT EXISTS (SELECT 1 FROM inserted_requests) THEN
    RETURN NULL;
  END IF;
  PERFORM record_loan_request_moves(ARRAY(SELECT ROW(r.*)::loan_request FROM inserted_requests r));
  PERFORM pg_notify('application_changed', changed.id::text)
     FROM (SELECT DISTINCT loan_application_id AS id FROM inserted_requests) AS changed;
  RETURN NULL;
END;
$$;
CREATE TRIGGER loan_requests_inserted
  AFTER INSERT ON loan_request
  REFERENCING NEW TABLE AS inserted_requests
  FOR EACH STATEMENT EXECUTE FUNCTION loan_requests_inserted();

CREATE FUNCTION loan_requests_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- In the order the statement wrote the rows (numbered before the join, which keeps no order).
  moved loan_request[] := ARRAY(
    SELECT r.row
      FROM (SELECT ROW(a.*)::loan_request AS row, a.id, a.status, row_number() OVER () AS position
              FROM after_update a) r
      JOIN before_update b ON b.id = r.id
     WHERE r.status <> b.status
     ORDER BY r.position);
BEGIN
  IF cardinality(moved) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM record_loan_request_moves(moved);
  PERFORM pg_notify('application_changed', changed.id::text)
     FROM (SELECT DISTINCT r.loan_application_id AS id FROM unnest(moved) AS r) AS changed;
  RETURN NULL;
END;
$$;
CREATE TRIGGER loan_requests_updated
  AFTER UPDATE ON loan_request
  REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update
  FOR EACH STATEMENT EXECUTE FUNCTION loan_requests_updated();

-- The change signal of 0015 (payload: an application's id, never personal data), for offers stored or
-- changed: once per application a statement touched.
CREATE FUNCTION loan_quotes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('application_changed', changed.id::text)
     FROM (SELECT DISTINCT loan_application_id AS id FROM changed_quotes) AS changed;
  RETURN NULL;
END;
$$;
CREATE TRIGGER loan_quotes_inserted
  AFTER INSERT ON loan_quote
  REFERENCING NEW TABLE AS changed_quotes
  FOR EACH STATEMENT EXECUTE FUNCTION loan_quotes_changed();
CREATE TRIGGER loan_quotes_updated
  AFTER UPDATE ON loan_quote
  REFERENCING NEW TABLE AS changed_quotes
  FOR EACH STATEMENT EXECUTE FUNCTION loan_quotes_changed();

CREATE FUNCTION loan_application_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('application_changed', NEW.id::text);
  RETURN NULL;
END;
$$;
CREATE TRIGGER loan_application_status_changed
  AFTER UPDATE OF status ON loan_application
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION loan_application_status_changed();
