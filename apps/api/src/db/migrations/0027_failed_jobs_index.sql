-- The operators' metrics count the jobs that used up their attempts at every scrape (jobs/queue-metrics.ts,
-- ADR 0051). Finished jobs stay in the table, so without an index of their own that count would read the
-- whole table; failed jobs are few, and this index holds only them. IF NOT EXISTS: on a large live table
-- the index is built beforehand with CREATE INDEX CONCURRENTLY (no lock on the queue), and this is a no-op.
CREATE INDEX IF NOT EXISTS job_failed_idx ON job (id) WHERE status = 'failed';
