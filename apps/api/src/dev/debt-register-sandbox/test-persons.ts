import { validateNationalId } from '@nordloan/domain/national-id';

// The debt-register stand-in's test persons (docs/decisions/0079). A register is asked about a national
// identity number, so the test person is read from it: the day of the month the person was born on.
//   01 several debts: a repayment loan, a credit card partly drawn, a card with its limit unused, and (NO) a
//      charge card; 02 no debts; 03 register unavailable (503); 04 no answer (timeout); 05 a garbage answer.
// Anyone else has one repayment loan and one unused card limit, so that every applicant sees something.

export const debtRegisterTestPersons = [
  'several-debts',
  'no-debts',
  'unavailable',
  'timeout',
  'garbage',
  'typical',
] as const;
export type DebtRegisterTestPerson = (typeof debtRegisterTestPersons)[number];

const byBirthDay: Record<string, DebtRegisterTestPerson> = {
  '01': 'several-debts',
  '02': 'no-debts',
  '03': 'unavailable',
  '04': 'timeout',
  '05': 'garbage',
};

export function testPersonOf(country: 'NO' | 'FI', nationalId: string): DebtRegisterTestPerson | null {
  const result = validateNationalId(country, nationalId);
  if (!result.valid) return null;
  return byBirthDay[result.birthDate.slice(8, 10)] ?? 'typical';
}

interface Loan {
  id: string;
  kind: 'loan' | 'card' | 'charge';
  creditor: string;
  balance: number;
  limit: number | null;
  ratePercent: number;
  monthly: number | null;
  months: number | null;
}

function loansOf(person: DebtRegisterTestPerson, country: 'NO' | 'FI'): Loan[] {
  // Euro amounts about a tenth of the crowns, as in the rest of the stand-ins.
  const s = country === 'NO' ? 1 : 0.1;
  const creditors =
    country === 'NO'
      ? { loan: 'Bank Norwegian', card: 'Santander Consumer Bank', unused: 're:member', charge: 'Eurocard' }
      : { loan: 'Resurs Bank', card: 'Nordea', unused: 'OP Kortti', charge: 'Handelsbanken' };
  const loan: Loan = {
    id: 'loan-1',
    kind: 'loan',
    creditor: creditors.loan,
    balance: 120_000 * s,
    limit: null,
    ratePercent: 14.9,
    monthly: 3_150 * s,
    months: 48,
  };
  const unused: Loan = {
    id: 'card-unused',
    kind: 'card',
    creditor: creditors.unused,
    balance: 0,
    limit: 30_000 * s,
    ratePercent: 22.9,
    monthly: null,
    months: null,
  };
  switch (person) {
    case 'several-debts':
      return [
        loan,
        {
          id: 'card-drawn',
          kind: 'card',
          creditor: creditors.card,
          balance: 8_500 * s,
          limit: 50_000 * s,
          ratePercent: 21.4,
          monthly: 425 * s,
          months: null,
        },
        unused,
        ...(country === 'NO'
          ? [
              {
                id: 'charge-1',
                kind: 'charge' as const,
                creditor: creditors.charge,
                balance: 0,
                limit: 20_000,
                ratePercent: 0,
                monthly: null,
                months: null,
              },
            ]
          : []),
      ];
    case 'typical':
      return [loan, unused];
    default:
      return [];
  }
}

const fixed = (value: number) => value.toFixed(2);

/** Gjeldsregisteret's answer for the person (the fields a lender's lookup gets). */
export function norwegianLoans(person: DebtRegisterTestPerson) {
  return loansOf(person, 'NO').map((loan) => ({
    accountId: `NO-${loan.id}`,
    type: loan.kind === 'loan' ? 'repaymentLoan' : loan.kind === 'card' ? 'creditFacility' : 'chargeCard',
    financialInstitution: { name: loan.creditor },
    balance: fixed(loan.balance),
    interestBearingBalance: fixed(loan.balance),
    nonInterestBearingBalance: '0.00',
    creditLimit: loan.limit === null ? null : fixed(loan.limit),
    nominalInterestRate: fixed(loan.ratePercent),
    installmentCharges: loan.monthly === null ? null : fixed(loan.monthly),
    remainingTermMonths: loan.months,
  }));
}

/** The Finnish positive credit register's loans of the extract. */
export function finnishLoans(person: DebtRegisterTestPerson) {
  const euro = (amount: number) => ({ amount: Math.round(amount * 100) / 100, currency: 'EUR' });
  return loansOf(person, 'FI').map((loan) => ({
    loanIdentifier: `FI-${loan.id}`,
    loanType: loan.kind === 'loan' ? 'LUMP_SUM_LOAN' : 'CONTINUOUS_CREDIT',
    lender: { name: loan.creditor },
    balance: euro(loan.balance),
    creditLimit: loan.limit === null ? null : euro(loan.limit),
    interestRate: loan.ratePercent,
    monthlyInstalment: loan.monthly === null ? null : euro(loan.monthly),
    remainingTermMonths: loan.months,
  }));
}
