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
