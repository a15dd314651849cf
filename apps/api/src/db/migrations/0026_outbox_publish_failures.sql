-- An event whose publishing keeps failing (its message cannot be made, say) rolled back the relay's whole
-- batch, every tick, and so held back every event after it. The relay now hands such a batch on event by
-- event and puts off the one that fails: it counts its attempts, keeps the last error (said without
-- statement parameters) and is taken again only from retry_at on; its application's later events wait for
-- it, the other applications' do not (outbox-relay.ts). The new columns have constant defaults: no rewrite.
ALTER TABLE outbox_event
  ADD COLUMN publish_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN last_error text,
  ADD COLUMN retry_at timestamptz;
-- Holds only the events put off: the take's per-event "an earlier one of this application put off?" probe.
CREATE INDEX outbox_event_put_off_idx ON outbox_event (loan_application_id, id)
  WHERE published_at IS NULL AND retry_at IS NOT NULL;
