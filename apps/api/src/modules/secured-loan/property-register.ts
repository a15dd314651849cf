import type { RealEstateOwnershipType } from '@nordloan/domain/backoffice-assets';
import type { Country, PropertyHousingType } from '@nordloan/domain/enums';

// The property register a secured loan's home is looked up in (docs/decisions/0027). In production this is
// the national register with a valuation provider behind it (in Norway the land register with an automated
// valuation); here a local stand-in that answers like one: after a delay, with a valuation for the
// addresses it knows, "missing data" for those it does not, and an error for its test address that fails.

export interface PropertyLookupQuery {
  country: Country;
  street: string;
  streetNumber: string;
  postcode: string;
  municipality: string;
}

export type PropertyLookupResult =
  | {
      status: 'success';
      /** The register's reference of this valuation. */
      reference: string;
      marketValue: number;
      propertyType: PropertyHousingType;
      ownershipType: RealEstateOwnershipType;
      municipality: string;
      cadastre: { g: string; b: string; f: string | null; s: string | null };
      primaryLivingArea: number;
      /** How easily property sells in the area, 0–1. */
      marketScoreArea: number;
    }
  | { status: 'missing_data'; message: string }
  | { status: 'error'; message: string };

export interface PropertyRegister {
  lookUp(query: PropertyLookupQuery): Promise<PropertyLookupResult>;
}

interface KnownProperty {
  marketValue: number;
  propertyType: PropertyHousingType;
  ownershipType: RealEstateOwnershipType;
  municipality: string;
  cadastre: { g: string; b: string; f: string | null; s: string | null };
  primaryLivingArea: number;
  marketScoreArea: number;
}

/** Street name, number and postcode, as the register keys an address: lower case, single spaces. */
export function addressKey(query: Pick<PropertyLookupQuery, 'street' | 'streetNumber' | 'postcode'>): string {
  return [query.street, query.streetNumber, query.postcode]
    .map((part) => part.trim().toLowerCase().replace(/\s+/g, ' '))
    .join('|');
}

/**
 * The stand-in register's test addresses (fictional valuations). Documented in ADR 0027 so testers know
 * what to type: these answer `success`; `Feilgata 1, 0001` answers `error`; any other address
 * `missing_data` (the register has no valuation, a valuation report is then needed).
 */
export const testProperties: Record<string, KnownProperty> = {
  [addressKey({ street: 'Storgata', streetNumber: '1', postcode: '0155' })]: {
    marketValue: 4_800_000,
    propertyType: 'Apartment building',
    ownershipType: 'Freehold',
    municipality: 'Oslo',
    cadastre: { g: '207', b: '53', f: null, s: '12' },
    primaryLivingArea: 78,
    marketScoreArea: 0.92,
  },
  [addressKey({ street: 'Fjellveien', streetNumber: '12', postcode: '5019' })]: {
    marketValue: 7_350_000,
    propertyType: 'Detached house',
    ownershipType: 'Freehold',
    municipality: 'Bergen',
    cadastre: { g: '166', b: '412', f: null, s: null },
    primaryLivingArea: 164,
    marketScoreArea: 0.81,
  },
  [addressKey({ street: 'Sjøgata', streetNumber: '5B', postcode: '9008' })]: {
    marketValue: 3_100_000,
    propertyType: 'Townhouse/semi-detached house',
    ownershipType: 'Cooperative',
    municipality: 'Tromsø',
    cadastre: { g: '118', b: '907', f: null, s: '3' },
    primaryLivingArea: 92,
    marketScoreArea: 0.74,
  },
};

export const failingTestAddress = addressKey({ street: 'Feilgata', streetNumber: '1', postcode: '0001' });

export const registerMessages = {
  notFound: 'The property register has no valuation of this address',
  notNorway: 'The property register covers Norwegian properties only',
  failed: 'The property register did not answer; try again in a little while',
} as const;

/** The local stand-in; `delayMs` is how long the register takes to answer (0 in tests). */
export function createLocalPropertyRegister(options: { delayMs: number }): PropertyRegister {
  const wait = () =>
    options.delayMs > 0 ? new Promise((resolve) => setTimeout(resolve, options.delayMs)) : Promise.resolve();
  return {
    async lookUp(query) {
      await wait();
      if (query.country !== 'NO') return { status: 'missing_data', message: registerMessages.notNorway };
      const key = addressKey(query);
      if (key === failingTestAddress) return { status: 'error', message: registerMessages.failed };
      const known = testProperties[key];
      if (!known) return { status: 'missing_data', message: registerMessages.notFound };
      return {
        status: 'success',
        // A reference per address, stable across lookups, like a valuation provider's report number.
        reference: `EV-${Buffer.from(key).toString('base64url').slice(0, 16)}`,
        ...known,
      };
    },
  };
}
