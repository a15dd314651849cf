-- The operators' metrics count the jobs that used up their attempts at every scrape (jobs/queue-metrics.ts,
-- ADR 0051). Finished jobs stay in the table, so without an index of their own that count would read the
-- whole table; failed jobs are few, and this index holds only them.
CREATE INDEX job_failed_idx ON job (id) WHERE status = 'failed';
