import type { Customer } from '@nordloan/domain/customer';
import type { Country } from '@nordloan/domain/enums';
import type { CustomerRow } from './customer.repository.ts';

export function toCustomer(row: CustomerRow): Customer {
  return {
    ID: row.id,
    PersonID: row.personId,
    ClientID: row.clientId,
    Email: row.email,
    EmailVerified: row.emailVerified,
    Phone: row.phone,
    Brand: row.brand,
    Country: row.country as Country,
    AcceptedTermsVersion: row.acceptedTermsVersion,
    AcceptedTermsAt: row.acceptedTermsAt?.toISOString() ?? null,
    AcceptedTermsBrand: row.acceptedTermsBrand,
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt.toISOString(),
  };
}
