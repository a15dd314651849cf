-- The address the applicant's browser used for an application (issue 38): links in messages sent later,
-- from the outbox relay or the worker where there is no request to ask (offers arrived, offer accepted,
-- documents needed, the expiry reminder), go to the same address — the brand host and port the person
-- applied on — instead of the brand's configured form host. Only an origin whose host is one of the
-- application's brand's own hosts is stored (modules/messages/link-origin.service.ts); PUBLIC_BASE_URL,
-- when set, still wins.
CREATE TABLE application_link_origin (
  loan_application_id uuid PRIMARY KEY REFERENCES loan_application(id) ON DELETE CASCADE,
  origin text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
