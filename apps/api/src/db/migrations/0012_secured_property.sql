-- Secured loans (issue 10; docs/decisions/0027-secured-loan.md): what the applicant tells about the home
-- that secures the loan, and what the property register answered. The property stays a real_estate row
-- (§3 Real estate) linked to its application through real_estate_link; these columns hold what §3 does
-- not name but a secured-loan case needs. Money in whole units of the country's currency, as in 0002.

-- §3 lookup status of the property register: requested (asked, no answer yet), success, missing_data
-- (the register knows too little to value it), error (the register failed; the applicant may try again)
ALTER TABLE real_estate ADD COLUMN lookup_status text
  CHECK (lookup_status IN ('requested', 'success', 'missing_data', 'error'));
-- What the register could not tell, or why it failed (plain words for the applicant and staff)
ALTER TABLE real_estate ADD COLUMN lookup_message text CHECK (length(lookup_message) <= 500);
-- The applicant's own estimate of the market value; the register's is total_market_value_estimate
ALTER TABLE real_estate ADD COLUMN applicant_value_estimate integer
  CHECK (applicant_value_estimate >= 0);
-- What is left of the mortgage the new loan refinances
ALTER TABLE real_estate ADD COLUMN existing_mortgage integer CHECK (existing_mortgage >= 0);
