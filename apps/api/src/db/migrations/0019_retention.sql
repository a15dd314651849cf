-- Issue 15 item 4 (docs/decisions/0033): the retention job anonymises a person once the rules say their
-- data has been kept long enough; when it did is recorded, so a person is anonymised once.
ALTER TABLE person ADD COLUMN anonymised_at timestamptz;
