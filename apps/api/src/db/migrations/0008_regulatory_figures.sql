-- Issue 17, docs/regulatory-figures.md, ADR 0019: periods of regulatory figures added after a release
-- through POST /backoffice/regulatory-figures. The published ones live in the repository
-- (packages/domain/src/finance/regulatory-figures.data.ts); the API merges both at every look-up.
CREATE TABLE regulatory_figure (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  country text NOT NULL CHECK (country IN ('SE', 'FI')),
  -- 'referenceRate' (percent; räntelagen 9 §, korkolaki 12 §) or 'priceBaseAmount' (SEK, Sweden only)
  figure text NOT NULL CHECK (figure IN ('referenceRate', 'priceBaseAmount')),
  value double precision NOT NULL,
  -- The statutory period, both days inclusive, in the country's calendar
  valid_from date NOT NULL,
  valid_to date NOT NULL,
  -- The authority's notice the value comes from
  source text NOT NULL CHECK (char_length(source) BETWEEN 1 AND 500),
  -- Who added it (audit actor label 'staff:<agent id>'); the audit log has the full entry
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (valid_from <= valid_to),
  CHECK (figure <> 'priceBaseAmount' OR country = 'SE'),
  UNIQUE (country, figure, valid_from)
);

-- A period never changes once added: a value that applied to offers is history (issue 17). A row for a
-- period that has not begun in its country may still be removed by hand before it applies.
CREATE FUNCTION regulatory_figure_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.valid_from >
      (now() AT TIME ZONE CASE OLD.country WHEN 'FI' THEN 'Europe/Helsinki' ELSE 'Europe/Stockholm' END)::date THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'regulatory_figure: a period never changes once added (add the next one instead)';
END;
$$;
CREATE TRIGGER regulatory_figure_no_change
  BEFORE UPDATE OR DELETE ON regulatory_figure
  FOR EACH ROW EXECUTE FUNCTION regulatory_figure_immutable();

-- The figures a quote's caps were checked against ({ country, checkedAt, figures: [{ figure, value,
-- validFrom, validTo, source, fallback, date }], fallback }), so that a quote read after a new period
-- keeps its basis; fallback = true when a missing period made the strict bound apply. NULL on quotes
-- stored before issue 17 (checked against the constants caps.ts had then).
ALTER TABLE loan_quote ADD COLUMN caps_basis jsonb;
