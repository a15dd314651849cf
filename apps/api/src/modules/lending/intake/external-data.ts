import type { Country } from '@nordloan/domain/enums';
import { hashString, seededRandom } from '@nordloan/domain/lending/seeded-random';
import type { RegisterDebt } from '#src/modules/lending/external-data.repository.ts';

// External data fetched after validation (§4 180 "fetching external data", 181 on failure): the national
// debt register (NO Gjeldsregisteret, SE UC, FI positiivinen luottotietorekisteri; Denmark has none, its
// lenders use the credit bureau), the credit bureau's payment remarks, the population register's address
// and sanctions screening. Real sources plug in behind ExternalDataProvider; the built-in stand-in answers
// deterministically from the national identity number, so the same applicant always gets the same data.

export interface ExternalDataSubject {
  role: 'MainApplicant' | 'CoApplicant';
  nationalId: string;
}

export interface PaymentRemark {
  ownerRole: 'MainApplicant' | 'CoApplicant';
  creditor: string;
  amount: number;
  registeredAt: string;
}

export interface ExternalDataResult {
  /** Debts the register reports; stored in the application's debts with source 2. */
  debts: RegisterDebt[];
  paymentRemarks: PaymentRemark[];
  /** Applicants with a registered address (population register). */
  registeredAddress: Record<'MainApplicant' | 'CoApplicant', boolean>;
  /** Sanctions-list hits (penningtvättslagen / hvitvaskingsloven screening). */
  sanctionsHits: { ownerRole: 'MainApplicant' | 'CoApplicant'; list: string }[];
}

/** A source that cannot answer now: the application goes to 181 and may be retried. */
export class ExternalDataUnavailableError extends Error {
  constructor(source: string, reason: string) {
    super(`${source} unavailable: ${reason}`);
    this.name = 'ExternalDataUnavailableError';
  }
}

export interface ExternalDataProvider {
  fetch(input: { country: Country; subjects: ExternalDataSubject[] }): Promise<ExternalDataResult>;
}

/** Scales the stand-in's amounts to the country's currency (EUR is about a tenth of the crowns). */
const currencyScale: Record<Country, number> = { NO: 1, SE: 1, DK: 0.7, FI: 0.1 };
const registerCreditors: Record<Country, string[]> = {
  NO: ['Kortbanken AS', 'Forbruksbanken ASA'],
  SE: ['Kortbanken AB', 'Konsumentkredit AB'],
  FI: ['Korttipankki Oy', 'Kulutusluotto Oy'],
  DK: ['Kortbanken A/S', 'Forbrugslån A/S'],
};

/**
 * The local stand-in for the national debt register and the credit bureau (issue 4). About 40 % of
 * applicants have a credit card in the register, 25 % an unsecured loan, 8 % a payment remark; nobody is on
 * a sanctions list and everybody has a registered address. The seed is the lender seed of the config.
 */
export function createLocalExternalDataStandIn(options: { seed: number }): ExternalDataProvider {
  return {
    async fetch({ country, subjects }) {
      const result: ExternalDataResult = {
        debts: [],
        paymentRemarks: [],
        registeredAddress: { MainApplicant: false, CoApplicant: false },
        sanctionsHits: [],
      };
      const scale = currencyScale[country];
      const round = (value: number) => Math.round((value * scale) / 100) * 100;
      for (const subject of subjects) {
        // The register's own reference is derived from the person, never the national id itself.
        const personKey = hashString(`${country}:${subject.nationalId}`, options.seed).toString(36);
        const random = seededRandom(options.seed, 'external-data', personKey);
        result.registeredAddress[subject.role] = true;
        if (random() < 0.4) {
          const limit = round(10_000 + random() * 40_000);
          result.debts.push({
            externalRef: `register:${personKey}:card`,
            ownerRole: subject.role,
            debtType: 'CreditCard',
            creditor: registerCreditors[country][0]!,
            balance: round(limit * (0.2 + random() * 0.6)),
            creditLimit: limit,
            monthlyPayment: null,
            interestRate: 0.219,
            remainingTermMonths: null,
          });
        }
        if (random() < 0.25) {
          const balance = round(20_000 + random() * 130_000);
          const months = 12 + Math.floor(random() * 48);
          const rate = 0.09 + random() * 0.1;
          const monthlyRate = rate / 12;
          result.debts.push({
            externalRef: `register:${personKey}:loan`,
            ownerRole: subject.role,
            debtType: 'Unsecured',
            creditor: registerCreditors[country][1]!,
            balance,
            creditLimit: null,
            monthlyPayment: Math.round((balance * monthlyRate) / (1 - (1 + monthlyRate) ** -months)),
            interestRate: Math.round(rate * 10_000) / 10_000,
            remainingTermMonths: months,
          });
        }
        if (random() < 0.08) {
          result.paymentRemarks.push({
            ownerRole: subject.role,
            creditor: 'Inkasso',
            amount: round(2_000 + random() * 20_000),
            registeredAt: '2024-03-01',
          });
        }
      }
      return result;
    },
  };
}
