-- Issue 12, ADR 0048: a lender's request changes status about three times in a quote fan-out (registered,
-- decided, shown), and each change wrote a new copy of the row AND a new entry in every index of the table,
-- because its status was indexed. Nothing looks requests up by status alone (every query goes by
-- application or by request id: lending.repository.ts), so that index goes; with no indexed column
-- changing and room left on each page (fillfactor 70), PostgreSQL updates a request in place on its page
-- (a HOT update: no index entries, the old copy pruned with the page). Pages written before this migration
-- keep no room until they are rewritten (VACUUM FULL or CLUSTER); new ones do.
DROP INDEX loan_request_status_idx;
ALTER TABLE loan_request SET (fillfactor = 70);
