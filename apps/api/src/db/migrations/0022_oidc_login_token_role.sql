-- The role our token carries after an e-ID login (docs/decisions/0039-apply-journey-identifies-with-e-id.md).
-- NULL: the §4 default for an identity-provider login, Person (unscoped: the personal page's login).
-- 'Customer': the apply journey's login, a customer-scoped token as its development login had (ADR 0016),
-- so the journey and the product pages of the personal page load the single application.
ALTER TABLE oidc_login_attempt
  ADD COLUMN token_role text CHECK (token_role IN ('Person', 'Customer'));
