-- An event whose publishing keeps failing (its message cannot be rendered, say) rolled back the relay's
-- whole batch, every tick, and so held back every event after it. The relay now hands such a batch on
-- event by event and puts off the one that fails: it counts its attempts, keeps the last error (said
-- without statement parameters) and is taken again only from retry_at on (outbox-relay.ts).
ALTER TABLE outbox_event
  ADD COLUMN publish_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN last_error text,
  ADD COLUMN retry_at timestamptz;
