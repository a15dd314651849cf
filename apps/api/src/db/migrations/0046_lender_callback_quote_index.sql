-- The signing an offer's payout waits for (docs/decisions/0077) and the withdrawal period starts from is read
-- from lender_callback by offer and type (withdrawal.repository.ts findAgreementSignedAt), on every payout
-- job and payout route: an index by offer keeps that a lookup, and deleting an offer (its cascade) too.
CREATE INDEX lender_callback_quote_idx ON lender_callback (loan_quote_id, type) WHERE loan_quote_id IS NOT NULL;
