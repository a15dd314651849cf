import type { Country } from '@nordloan/domain/enums';

// The local account-information provider's test persons (docs/decisions/0076): 12 months of realistic
// transactions, made from the period the client asks for, so that tests on any clock get the same figures.

export const bankTestPersons = [
  'steady',
  'irregular',
  'no-salary',
  'other-currency',
  'cancelled',
  'unavailable',
  'timeout',
] as const;
export type BankTestPerson = (typeof bankTestPersons)[number];

export const bankTestPersonLabels: Record<BankTestPerson, string> = {
  steady: 'Steady salary, rent and two loans',
  irregular: 'Irregular income (temp agency)',
  'no-salary': 'No salary (only transfers)',
  'other-currency': 'Account in another currency',
  cancelled: 'Cancels the consent at the bank',
  unavailable: 'Bank unavailable (503)',
  timeout: 'Bank does not answer (timeout)',
};

export interface SandboxTransaction {
  booking_date: string;
  amount: { value: string; currency: string };
  remittance_information: string;
}

const currencyOf: Record<Country, string> = { NO: 'NOK', SE: 'SEK', FI: 'EUR', DK: 'DKK' };
const words: Record<Country, { salary: string; rent: string; loan: string }> = {
  NO: { salary: 'LØNN', rent: 'HUSLEIE', loan: 'FORBRUKSLÅN' },
  SE: { salary: 'LÖN', rent: 'HYRA', loan: 'BLANCOLÅN' },
  FI: { salary: 'PALKKA', rent: 'VUOKRA', loan: 'LAINA' },
  DK: { salary: 'LØN', rent: 'HUSLEJE', loan: 'FORBRUGSLÅN' },
};

/** The 12 months ending with `to` (YYYY-MM-DD), oldest first: 'YYYY-MM'. */
function months(to: string): string[] {
  const year = Number(to.slice(0, 4));
  const month = Number(to.slice(5, 7));
  return Array.from({ length: 12 }, (_, index) =>
    new Date(Date.UTC(year, month - 12 + index, 1)).toISOString().slice(0, 7),
  );
}

export function accountCurrency(person: BankTestPerson, country: Country): string {
  return person === 'other-currency' ? (country === 'FI' ? 'USD' : 'EUR') : currencyOf[country];
}

export function transactionsOf(person: BankTestPerson, country: Country, to: string): SandboxTransaction[] {
  const currency = accountCurrency(person, country);
  const w = words[country];
  const list: SandboxTransaction[] = [];
  const add = (month: string, day: number, value: number, text: string) => {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    if (date <= to)
      list.push({
        booking_date: date,
        amount: { value: value.toFixed(2), currency },
        remittance_information: text,
      });
  };
  const all = months(to);
  all.forEach((month, index) => {
    add(month, 3 + (index % 5), -(1_850 + index * 37), 'REMA 1000');
    add(month, 14, -(149 + (index % 3) * 10), 'SPOTIFY');
    switch (person) {
      case 'steady':
      case 'other-currency':
        // Paid on a weekday near the 25th; a holiday-pay bonus in June.
        add(
          month,
          [25, 24, 23, 25, 22, 25, 24, 26, 25, 23, 25, 24][index] ?? 25,
          38_400,
          `${w.salary} NORDIC TECH AS`,
        );
        if (month.endsWith('-06')) add(month, 15, 21_000, `${w.salary} NORDIC TECH AS FERIEPENGER`);
        add(month, 1, -11_900, `${w.rent} BOLIG AS`);
        add(month, 20, -2_850, 'BILLÅN SANTANDER CONSUMER');
        add(month, 28, -1_400, `${w.loan} BANK NORWEGIAN`);
        break;
      case 'irregular':
        if (index % 3 !== 1)
          add(
            month,
            10 + (index % 7),
            [12_000, 27_500, 9_800, 31_000][index % 4] ?? 15_000,
            `${w.salary} BEMANNING AS`,
          );
        add(month, 1, -8_700, `${w.rent} HYBEL`);
        break;
      case 'no-salary':
        add(month, 5, 4_000, 'OVERFØRING FRA SPAREKONTO');
        add(month, 1, -6_500, `${w.rent} HYBEL`);
        break;
      default:
        break;
    }
  });
  return list;
}
