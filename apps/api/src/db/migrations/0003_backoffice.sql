-- The back-office side of the data model (§3 "Back-office entities"): staff (agent), work queues
-- (bucket) and which application sits in which queue with whom (assignment), outbound calls (call_order,
-- call_record), PEP/sanctions screening (person_check), real estate for secured loans (real_estate,
-- real_estate_link) and payment-protection insurance (insurance_request, insurance_policy).
-- Fields the spec does not show, and how the ones it names are read, are in
-- docs/decisions/0013-backoffice-model.md. Money is in whole units of the country's currency, as in 0002.
-- Unlike 0002, the closed sets here are also CHECKed: they come from the spec's enumerations and feed
-- telephony, screening and insurer integrations that must never see an unknown value.

-- Staff. §3 Agent: ID, Name, Disabled, MarketCountry, Roles. The id is the `sub` of a staff token once
-- staff sign in through the identity provider (see ADR 0013).
CREATE TABLE agent (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  -- Work e-mail: how an agent is found at sign-in; unique when present
  email text,
  -- A disabled agent keeps their history but gets no new assignments and no token
  disabled boolean NOT NULL DEFAULT false,
  -- The market the agent works in; their roles may still reach other countries (§3 Role.Country)
  market_country text NOT NULL CHECK (market_country IN ('NO', 'SE', 'FI', 'DK')),
  -- §3 Role list: [{ "Name": "Sales", "Country": "NO" }, …]; Name a known role or any string
  roles jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(roles) = 'array'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX agent_email_idx ON agent (lower(email)) WHERE email IS NOT NULL;

-- Work queues. §3 Bucket: ID, Name, Priority, RequiresACEAction, Actions, ConditionsExplanation.
CREATE TABLE bucket (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  -- Lower number = worked first
  priority integer NOT NULL CHECK (priority >= 0),
  -- An application in this bucket waits for a decision in the automated credit engine (§3 entry source ACE)
  requires_ace_action boolean NOT NULL DEFAULT false,
  -- §3 nullable list of { role, kind, name, description }: what staff of that role may do from here
  actions jsonb CHECK (actions IS NULL OR jsonb_typeof(actions) = 'array'),
  -- Plain words for staff: why an application lands in this bucket
  conditions_explanation text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- §3 Assignment: an application's place in a bucket and who works it. Processed assignments stay as
-- history; at most one per application is open (processed_at IS NULL).
CREATE TABLE assignment (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  bucket_id uuid NOT NULL REFERENCES bucket(id),
  -- NULL = in the bucket but nobody has taken it (§3 bucket summary NumApplicationsUnassigned)
  assignee_id uuid REFERENCES agent(id),
  processed_at timestamptz,
  processed_by uuid REFERENCES agent(id),
  -- The application's country, copied so that queues filter by market on one indexed column
  country text NOT NULL CHECK (country IN ('NO', 'SE', 'FI', 'DK')),
  -- When the application entered its current bucket (a move to another bucket resets it)
  bucket_updated_at timestamptz NOT NULL DEFAULT now(),
  -- The application revision the bucket placement was made from (loan_application.revision); a newer
  -- application revision means the placement should be re-evaluated
  revision integer NOT NULL CHECK (revision >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Processed means both when and by whom
  CHECK ((processed_at IS NULL) = (processed_by IS NULL))
);
CREATE UNIQUE INDEX assignment_one_open_per_application_idx ON assignment (loan_application_id)
  WHERE processed_at IS NULL;
CREATE INDEX assignment_bucket_open_idx ON assignment (bucket_id, country) WHERE processed_at IS NULL;
CREATE INDEX assignment_assignee_idx ON assignment (assignee_id) WHERE assignee_id IS NOT NULL;

-- §3 Call order: a request to phone a customer about an application (the call list, filtered by country).
CREATE TABLE call_order (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  client_id uuid REFERENCES client(id),
  market_country text NOT NULL CHECK (market_country IN ('NO', 'SE', 'FI', 'DK')),
  -- §4 status of the application when the order was made
  loan_application_status integer NOT NULL CHECK (loan_application_status BETWEEN 100 AND 899),
  -- The bucket the order came from, by name as staff know it; NULL for a manual order
  bucket_name text,
  -- E.164, e.g. +4791234567
  customer_phone_number text NOT NULL,
  -- §3: which number the customer sees: the broker's switchboard, the agent's own line, or 'uscore'
  -- (named by the spec only; we read it as the number of the external calling partner — ADR 0013)
  outbound_number_type text NOT NULL CHECK (outbound_number_type IN ('broker', 'agent', 'uscore')),
  tags text[],
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX call_order_country_idx ON call_order (market_country, created_at);
CREATE INDEX call_order_application_idx ON call_order (loan_application_id);

-- §3 Call record: one call as the telephony provider reports it. It repeats the order's fields as they were
-- at call time and adds the call's own; an inbound call has no order (and may have no application yet).
CREATE TABLE call_record (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid REFERENCES call_order(id) ON DELETE SET NULL,
  loan_application_id uuid REFERENCES loan_application(id) ON DELETE SET NULL,
  client_id uuid REFERENCES client(id),
  -- The agent who took or placed the call
  agent_id uuid REFERENCES agent(id),
  market_country text NOT NULL CHECK (market_country IN ('NO', 'SE', 'FI', 'DK')),
  loan_application_status integer CHECK (loan_application_status BETWEEN 100 AND 899),
  bucket_name text,
  customer_phone_number text NOT NULL,
  outbound_number_type text CHECK (outbound_number_type IN ('broker', 'agent', 'uscore')),
  tags text[],
  outbound_phone_number text,
  -- The telephony provider's call id: webhooks update the record found by it, never create a second one
  external_ref text UNIQUE,
  outbound boolean NOT NULL,
  ordered_at timestamptz,
  initiated_at timestamptz,
  answered_at timestamptz,
  answered boolean NOT NULL DEFAULT false,
  went_to_voicemail boolean NOT NULL DEFAULT false,
  ended_at timestamptz,
  -- The provider's last state in words ("completed", "busy", "no-answer", …)
  state_description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (answered OR answered_at IS NULL)
);
CREATE INDEX call_record_order_idx ON call_record (order_id);
CREATE INDEX call_record_application_idx ON call_record (loan_application_id);

-- §3 Person check (PEP screening), one row per screening run. Required before credit: hvitvaskingsloven
-- §§ 18, 20 (NO), penningtvättslagen 3 kap. (SE), rahanpesulaki 3 luku (FI), hvidvaskloven § 18 (DK),
-- plus the sanctions lists.
CREATE TABLE person_check (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  person_id uuid NOT NULL REFERENCES person(id),
  -- The application that made the screening necessary, when there was one
  loan_application_id uuid REFERENCES loan_application(id) ON DELETE SET NULL,
  -- The name as screened (the registry name, which may differ from what the applicant typed)
  full_name text NOT NULL,
  -- §3 Attributes: politically exposed person, relative or close associate of one, on a sanctions list
  is_pep boolean NOT NULL,
  is_rca boolean NOT NULL,
  is_sanctioned boolean NOT NULL,
  -- The screening provider's explanation of any hit (lists, positions, dates); NULL when clean
  details text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX person_check_person_idx ON person_check (person_id, created_at DESC);

-- §3 Real estate a person owns (security for a secured loan, or wealth in the affordability check).
-- Cadastre numbers are the Norwegian matrikkel: K kommunenr, G gårdsnr, B bruksnr, F festenr,
-- S seksjonsnr; kept as text (leading zeros matter: kommunenr 0301).
CREATE TABLE real_estate (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  person_id uuid NOT NULL REFERENCES person(id),
  -- Where the data came from: a property-valuation provider, the applicant, or staff (ADR 0013)
  source text NOT NULL CHECK (source IN ('ValuationProvider', 'Applicant', 'Agent')),
  -- The provider's id of the fetch that produced this row (source ValuationProvider)
  fetch_id text,
  ownership_type text CHECK (ownership_type IN ('Freehold', 'Cooperative', 'Shareholding', 'Bond')),
  real_estate_type text,
  estimated_value_reference_number text,
  total_market_value_estimate integer CHECK (total_market_value_estimate >= 0),
  -- The value staff accepted after review (a valuation report may lower the provider's estimate)
  total_market_value_estimate_approved integer CHECK (total_market_value_estimate_approved >= 0),
  -- The provider's market scores (how easily property sells there)
  market_score_area double precision,
  market_score_municipality double precision,
  section_number text,
  street_name text,
  street_number text,
  street_letter text,
  postcode text,
  municipality text,
  cadastre_b_number text,
  cadastre_f_number text,
  cadastre_g_number text,
  cadastre_k_number text,
  cadastre_s_number text,
  -- Square metres (P-ROM / BRA-i)
  primary_living_area double precision CHECK (primary_living_area > 0),
  is_insured boolean,
  insurance_company text,
  -- Cooperative apartment (borettslag/bostadsrättsförening): the share of the cooperative's common debt,
  -- its organisation number and the share number
  cooperative_common_debt integer CHECK (cooperative_common_debt >= 0),
  cooperative_organization_number text,
  cooperative_share_number text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX real_estate_person_idx ON real_estate (person_id);
-- A provider fetch is stored once: re-running it updates instead of duplicating
CREATE UNIQUE INDEX real_estate_fetch_idx ON real_estate (source, fetch_id) WHERE fetch_id IS NOT NULL;

-- §3 Link of real estate to a loan application: ID, LoanApplicationID, RealEstateID, timestamps.
CREATE TABLE real_estate_link (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  real_estate_id uuid NOT NULL REFERENCES real_estate(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (loan_application_id, real_estate_id)
);
CREATE INDEX real_estate_link_real_estate_idx ON real_estate_link (real_estate_id);

-- Payment-protection insurance (§3 InsuranceRequest, InsurancePolicy; paths /soknad/forsikring …), sold
-- for one of the two partner insurers. A request is decided new → approved | denied by the insurer.
CREATE TABLE insurance_request (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  person_id uuid NOT NULL REFERENCES person(id),
  customer_id uuid REFERENCES customer(id),
  -- The loan the insurance protects, when it was sold with one
  loan_application_id uuid REFERENCES loan_application(id) ON DELETE SET NULL,
  brand text NOT NULL,
  country text NOT NULL CHECK (country IN ('NO', 'SE', 'FI', 'DK')),
  -- §3 "two partner-insurer names" (ADR 0013)
  insurer text NOT NULL CHECK (insurer IN ('NordTrygg', 'Fjordliv')),
  -- The monthly benefit chosen (client event select-coverage) and its monthly premium
  insured_monthly_amount integer NOT NULL CHECK (insured_monthly_amount > 0),
  monthly_premium integer NOT NULL CHECK (monthly_premium > 0),
  -- §3 insurance decision: new, approved, denied
  decision text NOT NULL DEFAULT 'new' CHECK (decision IN ('new', 'approved', 'denied')),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((decision = 'new') = (decided_at IS NULL)),
  -- Target of insurance_policy's (request_id, request_decision) key below
  UNIQUE (id, decision)
);
CREATE INDEX insurance_request_person_idx ON insurance_request (person_id);

CREATE TABLE insurance_policy (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id uuid NOT NULL UNIQUE,
  -- Always 'approved': with the key below, a policy exists only for an approved request, and that
  -- request's decision cannot change while the policy exists
  request_decision text NOT NULL DEFAULT 'approved' CHECK (request_decision = 'approved'),
  person_id uuid NOT NULL REFERENCES person(id),
  insurer text NOT NULL CHECK (insurer IN ('NordTrygg', 'Fjordliv')),
  -- The insurer's policy number
  policy_number text NOT NULL,
  insured_monthly_amount integer NOT NULL CHECK (insured_monthly_amount > 0),
  monthly_premium integer NOT NULL CHECK (monthly_premium > 0),
  starts_on date NOT NULL,
  terminated_at timestamptz,
  -- §3 termination reasons
  termination_reason text CHECK (termination_reason IN ('customer-withdrew', 'customer-terminated', 'age',
    'death', 'insolvency', 'multiple-policies', 'screening', 'max-compensation', 'emigration')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (request_id, request_decision) REFERENCES insurance_request (id, decision),
  UNIQUE (insurer, policy_number),
  -- Terminated means both when and why
  CHECK ((terminated_at IS NULL) = (termination_reason IS NULL))
);
CREATE INDEX insurance_policy_person_idx ON insurance_policy (person_id);
