import { type BrandId, brands } from '@nordloan/domain/brands/registry';
import type { Country, Product } from '@nordloan/domain/enums';
import type { Page } from 'playwright-core';
import { signInOnIdentityPage } from './api-helpers.ts';

// Drives the apply journey (apps/web features/apply) in a real browser, from the brand's apply page to a
// submitted application. Used by the apply tests and by the personal-page journeys (no-main with a
// co-applicant, fi-compare, dk-main).

export interface CompleteApplicationOptions {
  /** The test server's address (`http://127.0.0.1:<port>`); the brand is reached at `<brandId>.localhost`. */
  baseUrl: string;
  brandId: BrandId;
  product: Product;
  /** A valid national identity number of the brand's country (makeTestNationalId). */
  nationalId: string;
  coApplicant?: { nationalId: string };
  /** Secured loans: the home (ADR 0027); by default the stand-in register's test address in Oslo. */
  property?: {
    street: string;
    streetNumber: string;
    postcode: string;
    municipality: string;
    value: string;
    mortgage: string;
  };
  /** Called on every step after it is shown (axe checks, screenshots). */
  onStep?: (step: string, page: Page) => Promise<void>;
}

export interface CompletedApplication {
  applicationId: string;
  humanReadableId: string;
}

export const testPhone: Record<Country, string> = {
  NO: '912 34 567',
  SE: '070-123 45 67',
  FI: '040 123 4567',
  DK: '20 12 34 56',
};
export const testPostalCode: Record<Country, string> = { NO: '0150', SE: '111 22', FI: '00100', DK: '1050' };

export function brandBaseUrl(baseUrl: string, brandId: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${brandId}.localhost:${url.port}`;
}

/** The apply path for a product: cards on the one-form page where there is one (§2), else the unsecured page. */
export function applyPathFor(brandId: BrandId, product: Product): string {
  const { paths } = brands[brandId];
  if (product === 'SecuredLoan') return paths.applySecured ?? paths.applyUnsecured;
  if (product === 'DiscoveryLoan') return paths.preCheck ?? paths.applyUnsecured;
  if (product === 'CreditCard') return paths.oneFormApply ?? paths.applyUnsecured;
  return paths.applyUnsecured;
}

export { seriousAxeViolations } from './axe.ts';

/**
 * Until the app listens: the apply page's first view is painted from the HTML and stays `inert` until the
 * app has hydrated it (ADR 0041). Clicks and typing wait for that by themselves; focus and key presses
 * do not.
 */
export async function waitForApp(page: Page, timeout = 20_000): Promise<void> {
  await page.locator('#root:not([inert])').waitFor({ state: 'attached', timeout });
}

export async function waitForStep(page: Page, step: string, timeout = 20_000): Promise<void> {
  await page.locator(`article[data-step="${step}"]`).waitFor({ timeout });
  // A step is shown once its form (or the sent notice) is there, not just the heading.
  if (step !== 'sent') await page.getByTestId(`step-${step}`).waitFor({ timeout });
  await waitForApp(page, timeout);
}

async function submitStep(page: Page, from: string, to: string) {
  await page.locator(`[data-testid="step-${from}"] [data-testid="step-submit"]`).click();
  await waitForStep(page, to);
}

/**
 * The identity step (ADR 0039): the contact details, then the e-ID — the local e-ID provider's identity
 * page, the national id typed there — and back on the same step, identified, with the details kept;
 * continues to the address step unless `stay`.
 */
export async function identifyWithEid(
  page: Page,
  options: { nationalId: string; email: string; phone: string; stay?: boolean },
): Promise<void> {
  await waitForStep(page, 'identify');
  await fill(page, 'email', options.email);
  await fill(page, 'phone', options.phone);
  await page.locator('[data-testid="step-identify"] [data-testid="step-submit"]').click();
  await signInOnIdentityPage(page, options.nationalId);
  await page.getByTestId('identified').waitFor({ timeout: 30_000 });
  if (!options.stay) await submitStep(page, 'identify', 'address');
}

const choose = (page: Page, name: string, value: string) =>
  page.getByTestId(`field-${name}`).selectOption(value);
const fill = (page: Page, name: string, value: string) => page.getByTestId(`field-${name}`).fill(value);
const isShown = async (page: Page, name: string) => (await page.getByTestId(`field-${name}`).count()) > 0;

/** Household, employment and income as the brand's optional-field flags ask (main or co-applicant). */
export async function fillApplicantDetails(page: Page, brandId: BrandId) {
  await choose(page, 'maritalStatus', 'Single');
  await choose(page, 'education', 'Higher education');
  await choose(page, 'livingSituation', 'Rental');
  if (await isShown(page, 'housingType')) await choose(page, 'housingType', 'Apartment building');
  await fill(page, 'housingCostMonthly', '9000');
  await fill(page, 'childrenCount', '0');
  await fillEmployment(page, brandId);
}

async function fillEmployment(page: Page, _brandId: BrandId) {
  await choose(page, 'employmentType', 'Permanent');
  await fill(page, 'employerName', 'Fjordkraft Testbedrift');
  await fill(page, 'employmentStart', '2018-03-01');
  if (await isShown(page, 'industry')) await choose(page, 'industry', 'Information and communication');
  if (await isShown(page, 'jobLevel')) await choose(page, 'jobLevel', 'Employee');
  if (await isShown(page, 'mainBank')) await fill(page, 'mainBank', 'Testbanken');
  if (await isShown(page, 'isPoliticallyExposed')) {
    await page.getByTestId('field-isPoliticallyExposed').locator('input[value="no"]').check();
  }
}

async function fillIncome(page: Page) {
  await fill(page, 'grossYearlyIncome', '620000');
  await fill(page, 'netMonthlyIncome', '36000');
}

/**
 * Applies on the brand from its apply page to "sent": loan, login with e-ID (the local e-ID provider,
 * the national id typed on its identity page), every detail step, optionally a co-applicant, consents, submit.
 */
export async function completeApplication(
  page: Page,
  options: CompleteApplicationOptions,
): Promise<CompletedApplication> {
  const { brandId, product, nationalId, coApplicant, onStep } = options;
  const brand = brands[brandId];
  const country = brand.country;
  const step = async (name: string) => {
    await waitForStep(page, name);
    await onStep?.(name, page);
  };

  await page.goto(`${brandBaseUrl(options.baseUrl, brandId)}${applyPathFor(brandId, product)}`);
  await step('loan');
  if ((await page.getByTestId('product-choice').count()) > 0) {
    await page.getByTestId('product-choice').locator(`input[value="${product}"]`).check();
  }
  if (product !== 'CreditCard') await choose(page, 'loanPurpose', 'Renovation');
  await submitStep(page, 'loan', 'identify');

  await onStep?.('identify', page);
  await identifyWithEid(page, {
    nationalId,
    email: `applicant-${nationalId.replace(/\D/g, '')}@example.com`,
    phone: testPhone[country],
  });

  await onStep?.('address', page);
  await fill(page, 'firstName', 'Kari');
  await fill(page, 'lastName', 'Testesen');
  await fill(page, 'street', 'Testveien 1');
  await fill(page, 'postalCode', testPostalCode[country]);
  await fill(page, 'city', 'Testby');
  await submitStep(page, 'address', 'household');

  await onStep?.('household', page);
  await choose(page, 'maritalStatus', 'Single');
  await choose(page, 'education', 'Higher education');
  await choose(page, 'livingSituation', 'Rental');
  if (await isShown(page, 'housingType')) await choose(page, 'housingType', 'Apartment building');
  await fill(page, 'housingCostMonthly', '9000');
  await fill(page, 'childrenCount', '0');
  await submitStep(page, 'household', 'employment');

  await onStep?.('employment', page);
  await fillEmployment(page, brandId);
  await submitStep(page, 'employment', 'economy');

  await onStep?.('economy', page);
  await fillIncome(page);
  await page.getByTestId('add-debt').click();
  // One option per meaning (issue 38): a car loan is offered as the loan on a car, motorcycle or boat.
  await choose(page, 'debts.0.debtType', 'CarMCBoat');
  await fill(page, 'debts.0.creditor', 'Testbank Bil');
  await fill(page, 'debts.0.balance', '45000');
  await fill(page, 'debts.0.monthlyPayment', '1500');
  await fill(page, 'expenses.1', '850');
  await fill(page, 'expenses.3', '1200');
  if (product === 'SecuredLoan') {
    await submitStep(page, 'economy', 'property');
    await onStep?.('property', page);
    const home = options.property ?? {
      street: 'Storgata',
      streetNumber: '1',
      postcode: '0155',
      municipality: 'Oslo',
      value: '5000000',
      mortgage: '1500000',
    };
    await fill(page, 'street', home.street);
    await fill(page, 'streetNumber', home.streetNumber);
    await fill(page, 'postcode', home.postcode);
    await fill(page, 'municipality', home.municipality);
    await choose(page, 'propertyType', 'Apartment building');
    await choose(page, 'ownershipType', 'Freehold');
    await fill(page, 'estimatedValue', home.value);
    await fill(page, 'existingMortgage', home.mortgage);
    await page.getByTestId('property-lookup').click();
    await page.getByTestId('property-result').waitFor({ timeout: 20_000 });
    await onStep?.('property-result', page);
    await page.locator('[data-testid="step-submit"]:not([disabled])').click();
    await waitForStep(page, 'co-applicant');
  } else {
    await submitStep(page, 'economy', 'co-applicant');
  }

  await onStep?.('co-applicant', page);
  if (coApplicant) {
    await page.getByTestId('co-applicant-yes').check();
    await page.getByTestId('co-field-nationalId').fill(coApplicant.nationalId);
    await fill(page, 'firstName', 'Ola');
    await fill(page, 'lastName', 'Medsøker');
    await fill(page, 'email', `co-${coApplicant.nationalId.replace(/\D/g, '')}@example.com`);
    await fill(page, 'phone', testPhone[country]);
    await fillApplicantDetails(page, brandId);
    await fillIncome(page);
  }
  await submitStep(page, 'co-applicant', 'consent');

  await onStep?.('consent', page);
  await page.getByTestId('field-acceptTerms').check();
  await page.getByTestId('field-creditCheck').check();
  await page.getByTestId('field-marketingEmail').check();
  await submitStep(page, 'consent', 'summary');

  await onStep?.('summary', page);
  await page.getByTestId('submit-application').click();
  await waitForStep(page, 'sent');
  await onStep?.('sent', page);
  const sent = page.getByTestId('application-sent');
  return {
    applicationId: (await sent.getAttribute('data-application-id')) ?? '',
    humanReadableId: (await sent.getAttribute('data-human-readable-id')) ?? '',
  };
}
