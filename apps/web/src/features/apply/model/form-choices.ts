// One option per meaning (issue 38): the spec's enumerations carry values that mean the same thing to an
// applicant (Personal and Unsecured loans, Car and CarMCBoat, Disabled and Sick Pensioner, …). The API keeps
// every value (§3: lenders and staff know them); the form offers one of each pair, and a stored synonym is
// shown as the option it means, so a form opened on an older answer shows it chosen, not blank.

export type ChoiceGroup = 'livingSituation' | 'debtType' | 'employmentType' | 'jobLevel';

/** Stored value → the value the form offers for the same meaning. */
export const synonymOptions: Record<ChoiceGroup, Readonly<Record<string, string>>> = {
  // "Living with a cohabitant" is living in the partner's home.
  livingSituation: { Cohabitant: 'Partners House' },
  // A personal loan is an unsecured loan; a car loan is a loan on a car, motorcycle or boat.
  debtType: { Personal: 'Unsecured', Car: 'CarMCBoat' },
  // A sickness pension is the disability pension (renamed in all four countries); maternity leave is parental leave.
  employmentType: { 'Sick Pensioner': 'Disabled', 'Maternity leave': 'Parental leave' },
  // An employee without managerial responsibility is an employee.
  jobLevel: { 'Lower-level employee': 'Employee' },
};

/** The values the form offers of an enumeration: each meaning once. */
export function offeredValues<T extends string | number>(group: string, values: readonly T[]): T[] {
  const synonyms = synonymOptions[group as ChoiceGroup];
  return synonyms ? values.filter((value) => !(String(value) in synonyms)) : [...values];
}

/** A stored value as the form shows it: a synonym as the option it means. */
export function formChoice(group: ChoiceGroup, stored: string | null | undefined): string {
  if (!stored) return '';
  return synonymOptions[group][stored] ?? stored;
}
