-- Issue 33 item 4 (docs/decisions/0067): lenders are data. The lender table, until now a copy of the code
-- list kept for joins, becomes the source of the panel: how each lender is reached (in-process simulation,
-- its own API at an endpoint, or our lender portal), its signing secret (sealed like a national id: AES-256-GCM
-- under PERSONAL_DATA_KEY, ADR 0033 — the database never holds it in clear), its timeout, its commission per
-- product, and whether it is paused. The code list still seeds the lenders it names ('code'); a lender a
-- Manager added or edited is 'staff' and is never overwritten by a start-up.
ALTER TABLE lender
  ADD COLUMN channel text NOT NULL DEFAULT 'simulated' CHECK (channel IN ('simulated', 'api', 'portal')),
  ADD COLUMN endpoint_url text CHECK (endpoint_url IS NULL OR endpoint_url ~ '^https?://'),
  ADD COLUMN timeout_ms integer NOT NULL DEFAULT 5000 CHECK (timeout_ms BETWEEN 100 AND 15000),
  ADD COLUMN secret_sealed text CHECK (secret_sealed IS NULL OR secret_sealed LIKE 'v1:%'),
  ADD COLUMN secret_set_at timestamptz,
  -- Per product, the commission in percent of the amount paid out where it differs from commission_percent.
  ADD COLUMN commission_table jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(commission_table) = 'object'),
  -- Paused: out of every new fan-out at once; requests already sent finish.
  ADD COLUMN paused boolean NOT NULL DEFAULT false,
  ADD COLUMN origin text NOT NULL DEFAULT 'code' CHECK (origin IN ('code', 'staff')),
  ADD CONSTRAINT lender_api_has_endpoint CHECK (channel <> 'api' OR endpoint_url IS NOT NULL);

-- The panel's change counter: every insert and update of a lender takes the next number (the trigger, so no
-- code path can forget it). Each instance compares max(version) with the one it built its panel from at
-- every fan-out: a pause is seen by the next fan-out on every instance without a message between them.
ALTER TABLE lender ADD COLUMN version bigserial NOT NULL;

CREATE FUNCTION lender_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := nextval('lender_version_seq');
  RETURN NEW;
END;
$$;
CREATE TRIGGER lender_version BEFORE UPDATE ON lender FOR EACH ROW EXECUTE FUNCTION lender_next_version();
