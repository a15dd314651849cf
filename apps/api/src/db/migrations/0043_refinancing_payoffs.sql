-- Issue 35 item 4 (docs/decisions/0080): refinancing. Per refinanced debt, where the new loan pays it off —
-- the old creditor's account and the payment reference, normalised and checked for the application's
-- country by the API — and the lender's confirmation that it did (amount, when, its reference), from the
-- signed `payoff-confirmed` callback. Nullable: a debt that is not refinanced has none of them.
ALTER TABLE debt ADD COLUMN payoff_account text;
ALTER TABLE debt ADD COLUMN payoff_reference text;
ALTER TABLE debt ADD COLUMN payoff_confirmed_amount integer;
ALTER TABLE debt ADD COLUMN payoff_confirmed_at timestamptz;
ALTER TABLE debt ADD COLUMN payoff_lender_reference text;

-- The lender confirms the payoffs with a callback of its own kind (kept in the inbox like every callback).
ALTER TABLE lender_callback DROP CONSTRAINT lender_callback_type_check;
ALTER TABLE lender_callback ADD CONSTRAINT lender_callback_type_check CHECK (type IN ('offer', 'decline',
  'documents-requested', 'agreement-signed', 'disbursement-decision', 'disbursed', 'not-disbursed',
  'payoff-confirmed', 'cancelled', 'commission-clawback'));
