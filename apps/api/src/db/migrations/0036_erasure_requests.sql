-- Issue 36 item 3 (docs/decisions/0069): a person's request to erase what we hold about them. What the
-- law lets go is erased when the request is made; what it obliges us to keep is listed on the request with
-- the law and the date it goes (the retention sweep erases it then). Staff see the open requests in a work
-- queue and close them; every step is an audit entry. The lists hold categories, counts, application
-- numbers, laws and dates, never the personal data itself.
CREATE TABLE erasure_request (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  person_id uuid NOT NULL REFERENCES person(id),
  country text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  requested_at timestamptz NOT NULL,
  -- Set when the person record itself was anonymised at once (nothing obliged us to keep it).
  person_erased_at timestamptz,
  erased jsonb NOT NULL DEFAULT '[]'::jsonb,
  kept jsonb NOT NULL DEFAULT '[]'::jsonb,
  closed_at timestamptz,
  closed_by uuid REFERENCES agent(id),
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The back office's queue: the open requests of a market, oldest first.
CREATE INDEX erasure_request_queue_idx ON erasure_request (status, country, requested_at);
-- The personal page: the person's latest request.
CREATE INDEX erasure_request_person_idx ON erasure_request (person_id, requested_at DESC);
