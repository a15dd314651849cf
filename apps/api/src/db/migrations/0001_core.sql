-- Core parties: who applies (person), who holds the relationship (customer), and which partner or
-- channel sent them (client). §3 entity types Customer, Client, Person.

CREATE TABLE client (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  -- broker, affiliate, partner, api: where applications come from
  kind text NOT NULL DEFAULT 'partner',
  country text CHECK (country IN ('NO', 'SE', 'FI', 'DK')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE person (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  country text NOT NULL CHECK (country IN ('NO', 'SE', 'FI', 'DK')),
  -- Normalised national identity number (fødselsnummer, personnummer, henkilötunnus, CPR).
  -- Never logged; returned only where a response needs it.
  national_id text NOT NULL,
  birth_date date,
  first_name text,
  last_name text,
  email text,
  phone text,
  -- §3 address kinds: Special, Abroad, Co, Box, Poste Restante, Fack; NULL is an ordinary street address
  address_kind text,
  street_address text,
  co_name text,
  postal_code text,
  city text,
  address_country text,
  citizenship text,
  -- Self-declared politically exposed person (PEP), and the declared role when true
  is_politically_exposed boolean,
  politically_exposed_role text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (country, national_id)
);

CREATE TABLE customer (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  person_id uuid REFERENCES person(id),
  client_id uuid REFERENCES client(id),
  email text,
  email_verified boolean NOT NULL DEFAULT false,
  phone text,
  -- The brand the customer first came through (brand id of the registry)
  brand text NOT NULL,
  country text NOT NULL CHECK (country IN ('NO', 'SE', 'FI', 'DK')),
  -- The terms version label accepted (§3 "type_version_YYYYMMDD_brand"), when and from which brand
  accepted_terms_version text,
  accepted_terms_at timestamptz,
  accepted_terms_brand text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_person_idx ON customer (person_id);
CREATE INDEX customer_email_idx ON customer (lower(email));
