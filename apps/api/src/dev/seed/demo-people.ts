import type { Country, LoanPurpose, Product } from '@nordloan/domain/enums';
import type { ApplicantDetailsInput } from '@nordloan/domain/loan-application';
import { applicationStatus } from '@nordloan/domain/statuses';

// The demo applicants and their applications (npm run db:seed; seed.ts loads them).

export interface DemoApplication {
  key: string;
  product: Product;
  brand: string;
  amount: number;
  duration?: number;
  purpose?: LoanPurpose;
  /** The statuses the application passes through after 100 Started, each a transition of the table. */
  path: number[];
  /**
   * Submitted for real (application-complete) and run through the lending engine with the simulated panel,
   * so the applicant finds actual offers on the personal page.
   */
  submitToLenders?: boolean;
}

export interface DemoPerson {
  key: string;
  country: Country;
  birthDate: string;
  firstName: string;
  lastName: string;
  phone: string;
  city: string;
  postalCode: string;
  streetAddress: string;
  applicant: ApplicantDetailsInput;
  applications: DemoApplication[];
}

// Status paths (the transitions of packages/domain/src/status-machine.ts).
export const submitted: number[] = [applicationStatus.submitted];
export const completed = [...submitted, applicationStatus.fetchingExternalData, applicationStatus.completed];
export const pendingBankApproval = [
  ...completed,
  applicationStatus.pendingRegistration,
  applicationStatus.registered,
  applicationStatus.pendingBankApproval,
];

export const employed = (
  employer: string,
  grossYearlyIncome: number,
  netMonthlyIncome: number,
): ApplicantDetailsInput => ({
  EmploymentType: 'Permanent',
  EmployerName: employer,
  EmploymentStart: '2016-08-01',
  Industry: 'Information and communication',
  JobLevel: 'Employee',
  GrossYearlyIncome: grossYearlyIncome,
  NetMonthlyIncome: netMonthlyIncome,
  MaritalStatus: 'Married',
  Education: 'Higher education',
  LivingSituation: 'Own apartment',
  HousingType: 'Apartment building',
  HousingCostMonthly: Math.round(netMonthlyIncome * 0.25),
  PartnerLivingCostMonthly: Math.round(netMonthlyIncome * 0.2),
  ChildrenCount: 1,
  MainBank: 'Nordbanken',
  IsPoliticallyExposed: false,
});

export const demoPeople: DemoPerson[] = [
  {
    key: 'ola',
    country: 'NO',
    birthDate: '1985-03-14',
    firstName: 'Ola',
    lastName: 'Nordmann',
    phone: '+4791234501',
    streetAddress: 'Storgata 12',
    postalCode: '0155',
    city: 'Oslo',
    applicant: employed('Fjordnett AS', 720_000, 42_000),
    applications: [
      {
        key: 'ola-unsecured',
        product: 'UnsecuredLoan',
        brand: 'no-main',
        amount: 250_000,
        duration: 5,
        purpose: 'Refinancing loan',
        path: [],
        submitToLenders: true,
      },
      { key: 'ola-card', product: 'CreditCard', brand: 'no-main', amount: 50_000, path: [] },
    ],
  },
  {
    key: 'kari',
    country: 'NO',
    birthDate: '1990-11-02',
    firstName: 'Kari',
    lastName: 'Hansen',
    phone: '+4791234502',
    streetAddress: 'Thereses gate 14B',
    postalCode: '0358',
    city: 'Oslo',
    applicant: employed('Oslo universitetssykehus HF', 640_000, 38_000),
    applications: [
      {
        key: 'kari-secured',
        product: 'SecuredLoan',
        brand: 'no-alt2',
        amount: 1_500_000,
        duration: 20,
        purpose: 'Housing',
        path: completed,
      },
      {
        key: 'kari-unsecured',
        product: 'UnsecuredLoan',
        brand: 'no-alt1',
        amount: 80_000,
        duration: 3,
        purpose: 'Renovation',
        path: [applicationStatus.withdrawnWhileApplying],
      },
    ],
  },
  {
    key: 'per',
    country: 'NO',
    birthDate: '1978-07-21',
    firstName: 'Per',
    lastName: 'Johansen',
    phone: '+4791234503',
    streetAddress: 'Kongens gate 3',
    postalCode: '7011',
    city: 'Trondheim',
    applicant: { ...employed('Trøndelag Bygg AS', 510_000, 31_000), EmploymentType: 'Temporary' },
    applications: [
      {
        key: 'per-unsecured',
        product: 'UnsecuredLoan',
        brand: 'no-compare',
        amount: 100_000,
        duration: 3,
        purpose: 'Vehicle',
        path: [...completed, applicationStatus.pendingRegistration, applicationStatus.notRegistered],
      },
    ],
  },
  {
    key: 'anna',
    country: 'SE',
    birthDate: '1988-05-09',
    firstName: 'Anna',
    lastName: 'Andersson',
    phone: '+46701234504',
    streetAddress: 'Drottninggatan 45',
    postalCode: '111 21',
    city: 'Stockholm',
    applicant: employed('Nordisk Design AB', 540_000, 32_000),
    applications: [
      {
        key: 'anna-unsecured',
        product: 'UnsecuredLoan',
        brand: 'se-main',
        amount: 200_000,
        duration: 10,
        purpose: 'Renovation',
        path: [],
        submitToLenders: true,
      },
    ],
  },
  {
    key: 'erik',
    country: 'SE',
    birthDate: '1975-01-30',
    firstName: 'Erik',
    lastName: 'Svensson',
    phone: '+46701234505',
    streetAddress: 'Avenyn 8',
    postalCode: '411 36',
    city: 'Göteborg',
    applicant: employed('Västkust Logistik AB', 480_000, 29_000),
    applications: [
      {
        key: 'erik-unsecured',
        product: 'UnsecuredLoan',
        brand: 'se-compare',
        amount: 75_000,
        duration: 5,
        purpose: 'Holiday',
        path: [],
      },
    ],
  },
  {
    key: 'matti',
    country: 'FI',
    birthDate: '1982-09-17',
    firstName: 'Matti',
    lastName: 'Virtanen',
    phone: '+358401234506',
    streetAddress: 'Mannerheimintie 20',
    postalCode: '00100',
    city: 'Helsinki',
    applicant: employed('Suomen Ohjelmisto Oy', 58_000, 3_300),
    applications: [
      {
        key: 'matti-unsecured',
        product: 'UnsecuredLoan',
        brand: 'fi-main',
        amount: 20_000,
        duration: 5,
        purpose: 'Vehicle',
        path: completed,
      },
    ],
  },
  {
    key: 'aino',
    country: 'FI',
    birthDate: '1995-12-03',
    firstName: 'Aino',
    lastName: 'Korhonen',
    phone: '+358401234507',
    streetAddress: 'Hämeenkatu 5',
    postalCode: '33100',
    city: 'Tampere',
    applicant: { ...employed('Pirkanmaan Kahvila Oy', 31_000, 1_950), EmploymentType: 'Hourly' },
    applications: [
      {
        key: 'aino-unsecured',
        product: 'UnsecuredLoan',
        brand: 'fi-group-a',
        amount: 8_000,
        duration: 3,
        purpose: 'Studies',
        path: [...submitted, applicationStatus.validationFailed],
      },
    ],
  },
  {
    key: 'mette',
    country: 'DK',
    birthDate: '1987-04-25',
    firstName: 'Mette',
    lastName: 'Nielsen',
    phone: '+4520123408',
    streetAddress: 'Nørrebrogade 30',
    postalCode: '2200',
    city: 'København N',
    applicant: employed('Dansk Energi A/S', 520_000, 27_000),
    applications: [
      {
        key: 'mette-unsecured',
        product: 'UnsecuredLoan',
        brand: 'dk-main',
        amount: 100_000,
        duration: 5,
        purpose: 'Wedding',
        path: pendingBankApproval,
      },
    ],
  },
  {
    key: 'lars',
    country: 'DK',
    birthDate: '1969-08-08',
    firstName: 'Lars',
    lastName: 'Jensen',
    phone: '+4520123409',
    streetAddress: 'Vestergade 2',
    postalCode: '8000',
    city: 'Aarhus C',
    applicant: { ...employed('Aarhus Havn', 390_000, 21_000), EmploymentType: 'Pensioner' },
    applications: [
      {
        key: 'lars-unsecured',
        product: 'UnsecuredLoan',
        brand: 'dk-main',
        amount: 50_000,
        duration: 4,
        purpose: 'Dentist',
        path: [...pendingBankApproval, applicationStatus.notApproved],
      },
    ],
  },
];

/** The two people the summary offers for logging in (with POST /auth/dev/login). */
export const loginPeople = ['ola', 'anna'] as const;
