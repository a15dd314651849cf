-- Step 2 of 2 (see 0017): every row has its hash and sealed copy now; the clear number goes, with its
-- unique constraint and index, which move to the hash.
ALTER TABLE person ALTER COLUMN national_id_hash SET NOT NULL;
ALTER TABLE person ALTER COLUMN national_id_sealed SET NOT NULL;
DROP INDEX IF EXISTS person_national_id_idx;
ALTER TABLE person DROP COLUMN national_id;
ALTER TABLE person ADD CONSTRAINT person_country_national_id_hash_key UNIQUE (country, national_id_hash);
CREATE INDEX person_national_id_hash_idx ON person (national_id_hash);
