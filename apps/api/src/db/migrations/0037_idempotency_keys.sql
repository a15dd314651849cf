-- Issue 37 item 4 (docs/decisions/0071): the answers of creating calls sent with an Idempotency-Key. A
-- browser that retries the call (a timeout, a dropped connection, a rolling restart) with the same key and
-- body within 24 hours gets the first answer again instead of a second application; the same key with
-- another body is refused. A row without an answer yet is a call in progress (`locked_until`: how long
-- its instance holds it before a retry may take it over, after a crash).
CREATE TABLE idempotency_key (
  scope text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  locked_until timestamptz NOT NULL,
  response_status integer,
  response_type text,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);

-- The sweep of answers past their 24 hours.
CREATE INDEX idempotency_key_expires_idx ON idempotency_key (expires_at);
