import { createHash } from 'node:crypto';
import type { Country } from '@nordloan/domain/enums';
import type { RegisteredAddress } from '@nordloan/domain/person';

// The population register a person's address is read from after the e-ID (issue 38): Folkeregisteret in
// Norway, SPAR in Sweden, DVV's population information system in Finland, CPR in Denmark. In production
// each is reached through an authorised data processor with its own agreement; here a local stand-in that
// answers like one (docs/decisions/0063): the same address for a national id every time, after a short
// delay, and now and then no address to give (protected or emigrated persons). Outside production only:
// production without a register configured gives no address, and the applicant types it as before.

export type RegisterName = RegisteredAddress['Register'];
export type RegisterAddress = NonNullable<RegisteredAddress['Address']>;

export const registerNames: Record<Country, RegisterName> = {
  NO: 'Folkeregisteret',
  SE: 'SPAR',
  FI: 'DVV',
  DK: 'CPR',
};

export type RegisterLookup = { status: 'found'; address: RegisterAddress } | { status: 'none' };

export interface PopulationRegister {
  /** The registered address of the person with this (checked, normalised) national id. */
  addressOf(query: { country: Country; nationalId: string }): Promise<RegisterLookup>;
}

const streets: Record<Country, string[]> = {
  NO: ['Storgata', 'Kirkeveien', 'Parkveien', 'Skogveien', 'Fjordgata', 'Solbakken'],
  SE: ['Storgatan', 'Drottninggatan', 'Kungsgatan', 'Skolgatan', 'Ringvägen', 'Björkvägen'],
  FI: ['Mannerheimintie', 'Hämeenkatu', 'Aleksanterinkatu', 'Koulukatu', 'Puistotie', 'Rantatie'],
  DK: ['Vestergade', 'Nørregade', 'Strandvejen', 'Skolevej', 'Bakkevej', 'Kirkegade'],
};
const places: Record<Country, { postalCode: string; city: string }[]> = {
  NO: [
    { postalCode: '0150', city: 'Oslo' },
    { postalCode: '5003', city: 'Bergen' },
    { postalCode: '7010', city: 'Trondheim' },
    { postalCode: '4006', city: 'Stavanger' },
    { postalCode: '9008', city: 'Tromsø' },
  ],
  SE: [
    { postalCode: '111 22', city: 'Stockholm' },
    { postalCode: '411 03', city: 'Göteborg' },
    { postalCode: '211 20', city: 'Malmö' },
    { postalCode: '753 20', city: 'Uppsala' },
  ],
  FI: [
    { postalCode: '00100', city: 'Helsinki' },
    { postalCode: '33100', city: 'Tampere' },
    { postalCode: '20100', city: 'Turku' },
    { postalCode: '90100', city: 'Oulu' },
  ],
  DK: [
    { postalCode: '1050', city: 'København K' },
    { postalCode: '8000', city: 'Aarhus C' },
    { postalCode: '5000', city: 'Odense C' },
    { postalCode: '9000', city: 'Aalborg' },
  ],
};

/** One in this many persons has no address the register gives out (protected address, emigrated). */
export const NO_ADDRESS_ONE_IN = 20;

/** The stand-in's answer for a national id: a fixed function of it, so every lookup agrees. */
export function standInAddress(country: Country, nationalId: string): RegisterLookup {
  const digest = createHash('sha256').update(`${country}:${nationalId}`).digest();
  if (digest[0]! % NO_ADDRESS_ONE_IN === 0) return { status: 'none' };
  const street = streets[country][digest[1]! % streets[country].length]!;
  const place = places[country][digest[2]! % places[country].length]!;
  const number = 1 + (digest[3]! % 60);
  return {
    status: 'found',
    address: {
      Street: `${street} ${number}`,
      PostalCode: place.postalCode,
      City: place.city,
      Country: country,
    },
  };
}

/** The local stand-in; `delayMs` is how long the register takes to answer (0 in tests). */
export function createLocalPopulationRegister(options: { delayMs: number }): PopulationRegister {
  return {
    async addressOf({ country, nationalId }) {
      if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      return standInAddress(country, nationalId);
    },
  };
}
