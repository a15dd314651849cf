-- Compliance's screening results go through the outbox beside the §3 events (docs/decisions/0056): the
-- lending engine and the back office react to 'application-screened' and 'screening-decided'. The rows
-- already stored are all §3 events, so the wider check needs no scan of them (NOT VALID still checks every
-- new row).
ALTER TABLE outbox_event DROP CONSTRAINT outbox_event_event_name_check;
ALTER TABLE outbox_event ADD CONSTRAINT outbox_event_event_name_check CHECK (event_name IN (
  'loan-quote-registered', 'loan-quote-approved', 'loan-quote-not-approved', 'loan-quote-cancelled',
  'application-registration-complete', 'loan-application-status-changed',
  'steps-initiated', 'step-advanced', 'steps-completed',
  'application-screened', 'screening-decided')) NOT VALID;
