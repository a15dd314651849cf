-- Loan applications and what hangs off them (§3 "Loan application", "Sub-records", lock record), written
-- by the loan-application module (apps/api/src/modules/loan-applications). Money is stored in whole units
-- of the country's currency (NOK, SEK, EUR, DKK — §9): Nordic brokers and lenders quote whole units, and
-- integers never round. Enumerated text columns hold the spec's §3 spelling, checked by the API's zod
-- schemas (packages/domain/src/enums.ts) rather than by CHECK constraints, so that adding a value does not
-- need a migration; the few closed numeric sets (debt source, expense category) are checked here too.

-- Human-readable ids: 'NL-100001', 'NL-100002', … Short enough to read over the phone, never reused,
-- and with no meaning a customer could guess from (it is not the uuid).
CREATE SEQUENCE loan_application_number_seq START WITH 100001;

CREATE TABLE loan_application (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  human_readable_id text NOT NULL UNIQUE DEFAULT ('NL-' || nextval('loan_application_number_seq')::text),
  -- The id in the platform an application was migrated from (§7 GET /loan-application?legacyID=)
  legacy_id text,
  -- §3 Product: UnsecuredLoan, CreditCard, SecuredLoan, DiscoveryLoan
  product text NOT NULL CHECK (product IN ('UnsecuredLoan', 'CreditCard', 'SecuredLoan', 'DiscoveryLoan')),
  -- §4 numbered application status (100 Started … 800 Clawbacked); moved by the lending engine
  status integer NOT NULL DEFAULT 100 CHECK (status BETWEEN 100 AND 899),
  -- Brand id of the registry (e.g. 'no-main') and its country, copied so that staff scoping by
  -- country is one indexed column
  brand text NOT NULL,
  country text NOT NULL CHECK (country IN ('NO', 'SE', 'FI', 'DK')),
  -- The customer relationship that owns the application; NULL when an unscoped person started it
  customer_id uuid REFERENCES customer(id),
  -- Main applicant and co-applicant (§3 "a person and co-applicants")
  person_id uuid REFERENCES person(id),
  co_applicant_person_id uuid REFERENCES person(id),
  -- Partner/channel that sent it (integration service creates carry one)
  client_id uuid REFERENCES client(id),
  -- §3 applicant modes: Normal, SwapApplicants, OnlyMainApplicant, OnlyCoApplicant
  applicant_mode text NOT NULL DEFAULT 'Normal',
  -- Loan amount, or the credit limit for a CreditCard; bounded per brand (§5, §9)
  amount integer,
  -- Term in whole years; NULL for a CreditCard (revolving, no term)
  duration_years integer,
  -- §3 loan purposes (22 values)
  loan_purpose text,
  -- The last form step the applicant completed (PATCH …/step-complete); the web app resumes after it
  current_step text,
  -- Every step completed so far, in order, without repeats
  completed_steps jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Applicant-form details that are not broken out into columns (bank account, refinancing wishes,
  -- product-specific answers…); validated by the domain schema on write
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- §3 clone origins: Cloned, ManuallyCreated; set on the copy, which points back at its source
  clone_origin text,
  cloned_from_id uuid REFERENCES loan_application(id),
  -- Hidden from the applicant's lists once archived (POST …/archive); the status is not touched
  archived_at timestamptz,
  archive_reason text,
  -- Optimistic concurrency: bumped by every change, each change also writes loan_application_revision
  revision integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX loan_application_customer_idx ON loan_application (customer_id, created_at DESC);
CREATE INDEX loan_application_person_idx ON loan_application (person_id);
CREATE INDEX loan_application_co_applicant_idx ON loan_application (co_applicant_person_id);
CREATE INDEX loan_application_country_status_idx ON loan_application (country, status);
CREATE INDEX loan_application_created_idx ON loan_application (created_at DESC);
CREATE INDEX loan_application_legacy_idx ON loan_application (legacy_id);

-- What a Nordic lender asks about each applicant, one row per application and role (§3 applicant roles
-- MainApplicant, CoApplicant). The person's identity, address and citizenship live on `person`.
CREATE TABLE loan_application_applicant (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('MainApplicant', 'CoApplicant')),
  person_id uuid REFERENCES person(id),
  -- §3 marital statuses, education levels, living situations, property housing types
  marital_status text,
  education text,
  living_situation text,
  housing_type text,
  -- Monthly rent or housing cost the applicant pays (their share)
  housing_cost_monthly integer,
  -- Brand flag hasPartnerLivingCostMonthly: the partner's share of living costs
  partner_living_cost_monthly integer,
  -- Children under 18 living in the household (details per child in `child`)
  children_count integer,
  -- §3 employment types, industries (27) and job levels; employer and dates for the affordability check
  employment_type text,
  employer_name text,
  employment_start date,
  -- End of a temporary, probationary or project employment
  employment_end date,
  industry text,
  job_level text,
  job_title text,
  -- Income before tax per year (what NO/SE tax returns show) and after tax per month
  gross_yearly_income integer,
  net_monthly_income integer,
  other_income_monthly integer,
  -- Brand flag hasMainBank
  main_bank text,
  -- Brand flag hasPoliticallyInfluential: self-declared PEP (hvitvaskingsloven § 18 / penningtvättslagen)
  is_politically_exposed boolean,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (loan_application_id, role)
);
CREATE INDEX loan_application_applicant_person_idx ON loan_application_applicant (person_id);

-- Every change of an application writes one row (§3 "revisions (filterable by status)"): its number,
-- the status it left the application in, and a snapshot of the application as it then was.
CREATE TABLE loan_application_revision (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  revision integer NOT NULL,
  status integer NOT NULL,
  snapshot jsonb NOT NULL,
  -- Who made the change: 'customer:<id>', 'person:<id>', 'staff:<agent>', 'integration', 'system:<what>'
  changed_by text NOT NULL,
  -- What the change was: 'created', 'patched', 'step-complete:employment', 'status', 'archived'…
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (loan_application_id, revision)
);
CREATE INDEX loan_application_revision_status_idx ON loan_application_revision (loan_application_id, status);

-- Sub-records (§3 "Car, child, debt and expense each have an ID. Their field lists: not shown"): the
-- fields below are our choice of what a Nordic affordability check needs. `owner_role` says which
-- applicant the record belongs to (§3 applicant roles).

CREATE TABLE car (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  owner_role text NOT NULL DEFAULT 'MainApplicant',
  -- §3 car ownership: Owned, Leased, Company
  ownership text NOT NULL,
  registration_number text,
  make text,
  model text,
  model_year integer,
  estimated_value integer,
  -- Lease or running cost per month, which lenders count as an expense
  monthly_cost integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX car_application_idx ON car (loan_application_id);

CREATE TABLE child (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  owner_role text NOT NULL DEFAULT 'MainApplicant',
  -- Lenders' living-cost tables (SIFO in Norway, Konsumentverket in Sweden) go by age
  birth_year integer NOT NULL,
  -- Shared custody halves the living cost counted for the child
  shared_custody boolean NOT NULL DEFAULT false,
  -- Child support paid (negative cash flow) or received, per month
  child_support_paid_monthly integer,
  child_support_received_monthly integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX child_application_idx ON child (loan_application_id);

CREATE TABLE debt (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  owner_role text NOT NULL DEFAULT 'MainApplicant',
  -- §3 debt types: Personal, Housing, Student, Car, CreditCard, CarMCBoat, Unspecified, Unsecured, Collection
  debt_type text NOT NULL,
  -- §3 debt sources: 1 stated by the applicant, 2 the national debt register (Gjeldsregisteret, UC…)
  source smallint NOT NULL DEFAULT 1 CHECK (source IN (1, 2)),
  creditor text,
  -- Outstanding balance; for a credit card the drawn amount, with the limit in credit_limit
  balance integer NOT NULL,
  credit_limit integer,
  monthly_payment integer,
  -- Nominal yearly rate as a fraction (0.1290 = 12.90 %)
  interest_rate numeric(7, 4),
  remaining_term_months integer,
  -- The applicant wants this debt refinanced by the new loan
  is_refinanced boolean NOT NULL DEFAULT false,
  -- The register's own id for the debt (source 2), so a re-fetch updates instead of duplicating
  external_ref text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX debt_application_idx ON debt (loan_application_id);

CREATE TABLE expense (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  owner_role text NOT NULL DEFAULT 'MainApplicant',
  -- §3 expense categories: 1 TVPhoneInternet, 2 Transport, 3 Electricity, 4 Water, 5 Heating, 6 Insurance
  category_id smallint NOT NULL CHECK (category_id BETWEEN 1 AND 6),
  monthly_amount integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX expense_application_idx ON expense (loan_application_id);

-- Where the applicant came from when the snapshot was taken (§7 GET/POST …/channel-snapshot). Append-only.
CREATE TABLE channel_snapshot (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  referrer text,
  partner text,
  landing_page text,
  -- mobile, tablet, desktop
  device text,
  -- §2 traffic=internal
  is_internal boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX channel_snapshot_application_idx ON channel_snapshot (loan_application_id, created_at);

-- §3 lock record (LoanApplicationID, OriginalRevision): while a lender processes the application it may
-- not change. OriginalRevision is the revision the lender read. A lock is active until released_at is set.
CREATE TABLE application_lock (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  original_revision integer NOT NULL,
  -- Who holds it, e.g. 'lender:<lender id>' or 'staff:<agent>'
  locked_by text NOT NULL,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz
);
CREATE INDEX application_lock_active_idx ON application_lock (loan_application_id) WHERE released_at IS NULL;
