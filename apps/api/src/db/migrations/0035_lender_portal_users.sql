-- Issue 33 item 6 (docs/decisions/0068): the people of a lender without an API work in our lender portal.
-- Each is an agent with the Lender role of the lender's country, tied to its lender here: the portal shows
-- them only what was sent to that lender. An agent of our own staff has none.
ALTER TABLE agent ADD COLUMN lender_id text REFERENCES lender(id);
CREATE INDEX agent_lender_idx ON agent (lender_id) WHERE lender_id IS NOT NULL;
