-- Issue 15 item 4 (docs/decisions/0033): national identity numbers are no longer stored in the clear.
-- Step 1 of 2: the keyed hash (to find a person) and the encrypted copy (to show the number) beside the
-- clear column. The server fills them for existing rows with the key from its environment
-- (db/migrate.ts, sealExistingNationalIds) before 0018 drops the clear column.
ALTER TABLE person ADD COLUMN national_id_hash text;
ALTER TABLE person ADD COLUMN national_id_sealed text;
ALTER TABLE person ALTER COLUMN national_id DROP NOT NULL;
