-- The persons who were an applicant of an application and are no longer: a co-applicant taken off or
-- replaced. The application's earlier revisions still hold their part (employer, job title); the retention
-- job finds those applications here when it anonymises the person (docs/decisions/0033).
CREATE TABLE loan_application_former_applicant (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_application_id uuid NOT NULL REFERENCES loan_application(id) ON DELETE CASCADE,
  person_id uuid NOT NULL REFERENCES person(id),
  left_at timestamptz NOT NULL,
  UNIQUE (loan_application_id, person_id)
);
CREATE INDEX loan_application_former_applicant_person_idx ON loan_application_former_applicant (person_id);

-- The co-applicants taken off or replaced before this table: every person an earlier revision names as
-- co-applicant who is not the application's co-applicant now (when they last appeared: when they left).
INSERT INTO loan_application_former_applicant (loan_application_id, person_id, left_at)
SELECT revision.loan_application_id, named.id, max(revision.created_at)
  FROM loan_application_revision revision
  JOIN loan_application application ON application.id = revision.loan_application_id
  JOIN person named ON named.id = CASE
         WHEN revision.snapshot->'CoApplicant'->>'PersonID' ~ '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
         THEN (revision.snapshot->'CoApplicant'->>'PersonID')::uuid
       END
 WHERE application.co_applicant_person_id IS DISTINCT FROM named.id
 GROUP BY revision.loan_application_id, named.id
ON CONFLICT DO NOTHING;
