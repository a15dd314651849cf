-- Issue 38, "a back office people can read".
--
-- 1. The call wrap-up: how the call ended in the agent's words (a fixed list, backoffice.ts callOutcomes),
--    a note and the next contact date, saved once on the call record by the agent (audited as call.wrapUp).
ALTER TABLE call_record
  ADD COLUMN outcome text CHECK (outcome IN ('reached', 'callback-requested', 'considering-offers',
    'waiting-for-documents', 'not-interested', 'no-answer', 'left-voicemail', 'wrong-number')),
  ADD COLUMN wrap_up_note text CHECK (char_length(wrap_up_note) <= 2000),
  ADD COLUMN next_contact_date date,
  ADD COLUMN wrapped_up_at timestamptz,
  ADD COLUMN wrapped_up_by uuid REFERENCES agent(id),
  ADD CONSTRAINT call_record_wrap_up_pair CHECK ((outcome IS NULL) = (wrapped_up_at IS NULL));

-- 2. Staff search by name. A person's name as the search compares it: first and last name, lower case,
--    the accents of borrowed names folded (é → e) but the Nordic letters kept (æ ø å ä ö are letters of
--    their own), spaces collapsed. translate() spells the upper-case letters out because lower() leaves
--    non-ASCII letters alone under the C collation (PGlite). The staff-application repository normalises
--    what staff type the same way (staff-application.repository.ts searchName).
CREATE FUNCTION staff_search_name(first_part text, second_part text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT regexp_replace(
      btrim(lower(translate(
        coalesce(first_part, '') || ' ' || coalesce(second_part, ''),
        'ÆØÅÄÖÜÉÈÊËÁÀÂÍÌÏÓÒÔÚÙÛÑÇüéèêëáàâíìïóòôúùûñç',
        'æøåäöueeeeaaaiiiooouuuncueeeeaaaiiiooouuunc'))),
      '\s+', ' ', 'g')
  $$;

-- Prefix searches ("kari fj…" or "fjellheim k…") through a btree each way round; text_pattern_ops so that
-- LIKE 'prefix%' uses the index whatever the database's collation. No trigram index: pg_trgm is an
-- extension PGlite must load and a managed PostgreSQL may not offer, and a prefix is what staff type.
CREATE INDEX person_search_name_idx ON person (staff_search_name(first_name, last_name) text_pattern_ops);
CREATE INDEX person_search_name_reversed_idx ON person (staff_search_name(last_name, first_name) text_pattern_ops);
