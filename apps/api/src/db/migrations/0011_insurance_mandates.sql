-- Issue 10: the insurance journey's two mandates (docs/decisions/0026-insurance-eligibility-and-mandates.md).
-- An insurance_request (0003) becomes a policy once the applicant has signed the insurance mandate with
-- their e-ID and a payment mandate for the premium is active. Every attempt is its own row: a failed or
-- declined attempt stays as it was, and the customer tries again with a new one.

-- §7 POST /insurance/v2/mandate/{e-identity provider}: the signing of the insurance mandate
CREATE TABLE insurance_mandate (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id uuid NOT NULL REFERENCES insurance_request(id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES person(id),
  provider text NOT NULL CHECK (provider IN ('bankid-no', 'bankid-se', 'ftn', 'mitid')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'signed', 'failed')),
  -- The e-ID provider's order reference, polled until the order is final
  order_ref text NOT NULL,
  -- Why signing failed, in the provider's words (user-cancelled, expired-transaction …)
  failure_reason text,
  signed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'signed') = (signed_at IS NOT NULL)),
  CHECK ((status = 'failed') = (failure_reason IS NOT NULL))
);
CREATE INDEX insurance_mandate_request_idx ON insurance_mandate (request_id);
-- At most one open or signed order per request (two requests racing: one of them is refused)
CREATE UNIQUE INDEX insurance_mandate_open_idx ON insurance_mandate (request_id)
  WHERE status IN ('pending', 'signed');

-- §7 /insurance-payment-mandate/{kind}: how the premium is collected
CREATE TABLE insurance_payment_mandate (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id uuid NOT NULL REFERENCES insurance_request(id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES person(id),
  kind text NOT NULL CHECK (kind IN ('bankid', 'bs', 'card', 'kid')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'declined', 'failed')),
  -- The payment provider's reference of the mandate
  provider_ref text,
  -- Only the last four digits of the account or card are kept; the provider holds the rest
  payer_last4 text NOT NULL CHECK (payer_last4 ~ '^[0-9]{4}$'),
  -- Why the provider declined it or why it failed (provider-unavailable may be retried)
  failure_reason text,
  activated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'active') = (activated_at IS NOT NULL)),
  CHECK ((status IN ('declined', 'failed')) = (failure_reason IS NOT NULL))
);
CREATE INDEX insurance_payment_mandate_request_idx ON insurance_payment_mandate (request_id);
-- At most one payment mandate being registered or active per request
CREATE UNIQUE INDEX insurance_payment_mandate_open_idx ON insurance_payment_mandate (request_id)
  WHERE status IN ('pending', 'active');

-- One undecided insurance request per person: the journey reuses it (ADR 0026)
CREATE UNIQUE INDEX insurance_request_open_idx ON insurance_request (person_id) WHERE decision = 'new';
