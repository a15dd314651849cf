-- §3 entity Lender: the register of lenders on our panel, for joins, reports and the back office. How a
-- lender behaves (credit policy, pricing, fees) is code in packages/domain/src/lending/lender-panel.ts;
-- this table is upserted from it at start-up (lender.repository.ts syncLenderRegister), and a lender that
-- leaves the panel is kept, marked inactive, because loan requests and quotes still name it.
CREATE TABLE lender (
  id text PRIMARY KEY,
  name text NOT NULL,
  country text NOT NULL CHECK (country IN ('NO', 'SE', 'FI', 'DK')),
  organisation_number text NOT NULL,
  products text[] NOT NULL,
  -- The full profile as configured when last synced (limits, policy, fees, fee convention)
  profile jsonb NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lender_country_idx ON lender (country) WHERE active;
