-- An e-ID (OpenID Connect) login under way (issue 11; docs/decisions/0029-oidc-e-id-login.md). One row per
-- started login: what the callback must check (state, nonce, PKCE verifier, the browser that started it)
-- and where it hands back. A row is used once: used_at is set by the callback before the code is redeemed.
CREATE TABLE oidc_login_attempt (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- SHA-256 of the `state` sent to the provider: the state itself is never stored
  state_hash text NOT NULL UNIQUE,
  -- SHA-256 of the random value in the starting browser's cookie: a callback from another browser
  -- (login CSRF, a forwarded callback link) does not match
  browser_binding_hash text NOT NULL,
  -- NO, SE, FI, DK (the country's e-ID) or staff (the workforce identity provider)
  provider text NOT NULL CHECK (provider IN ('NO', 'SE', 'FI', 'DK', 'staff')),
  nonce text NOT NULL,
  -- PKCE verifier; useless without the code, and the row lives minutes
  code_verifier text NOT NULL,
  redirect_uri text NOT NULL,
  -- The brand the customer record is created on (applicant logins only)
  brand text,
  -- Absolute URL the token is handed back to (a brand host or its personal-page host; the back office)
  return_to text NOT NULL,
  -- An anonymous sign-up customer (no person yet) to link to the person the e-ID names
  link_customer_id uuid REFERENCES customer(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oidc_login_attempt_expires_idx ON oidc_login_attempt (expires_at);
