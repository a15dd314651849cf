// The claims the e-ID and staff identity providers put in the ID token beyond the standard ones, shared by
// the local e-ID provider (dev/eid-provider) and the login that reads them (modules/auth). Brokers name
// the national id differently per e-ID; the client registration maps theirs to these.

/** The person's national identity number, as the e-ID states it (never logged). */
export const nationalIdClaim = 'national_id';
/** The country whose e-ID identified the person (NO, SE, FI, DK). */
export const countryClaim = 'country';
/** Staff: the roles the workforce directory grants, as `{ Name, Country? }` objects (our token's Roles). */
export const staffRolesClaim = 'roles';

/** The scope a staff client asks for to get the roles claim. */
export const staffScope = 'staff';
