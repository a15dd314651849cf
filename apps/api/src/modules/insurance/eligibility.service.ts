import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import type { Country } from '@nordloan/domain/enums';
import {
  ageOn,
  type EmploymentStatus,
  type IneligibilityReason,
  ineligibilityOf,
  insuranceRules,
  insuranceTerms,
  monthlyPremium,
  priceExampleMonths,
} from '@nordloan/domain/insurance';
import { validateNationalId } from '@nordloan/domain/national-id';
import type { Db, Executor } from '#src/db/client.ts';
import { conflict, fieldError, notFound } from '#src/lib/app-error.ts';
import { loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import { toRequest } from './insurance.dto.ts';
import {
  findOpenRequestForPerson,
  hasActivePolicy,
  listMandatesOfRequest,
  updateOpenRequestCover,
} from './insurance.repository.ts';
import { personOfCaller, refusingRaces, requireApplicantPerson } from './insurance-access.ts';
import { insertInsuranceRequest } from './insurance-policy.repository.ts';

// §7 GET and POST /insurance/v2/eligibility (ADR 0026):
// - GET is the offer on the host's brand — cover choices, each with its price example, the rules — and,
//   for a signed-in applicant, the rules checked against what we already know (age, where they are
//   registered, a policy they already hold). It changes nothing.
// - POST checks the applicant's own answers (employment, residency, fitness for work) and their opt-in;
//   when eligible it records the InsuranceRequest (decision new) the mandates then complete. Nothing is
//   stored for an applicant who is not eligible.

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function sellsInsurance(brand: BrandConfig): boolean {
  return brand.products.includes('Insurance') && insuranceTerms[brand.country] !== undefined;
}

/** The person's age today, from the stored birth date or else their national identity number. */
export async function ageOfPerson(db: Executor, personId: string, today: string) {
  const person = await findPersonById(db, personId);
  if (!person) throw notFound();
  const birthDate =
    person.birthDate ??
    (() => {
      const parsed = validateNationalId(person.country as Country, person.nationalId);
      return parsed.valid ? parsed.birthDate : undefined;
    })();
  // Without a birth date nobody can be underwritten: treated as too young rather than guessed.
  return { person, age: birthDate ? ageOn(birthDate, today) : -1 };
}

export function offerOf(brand: BrandConfig) {
  const terms = sellsInsurance(brand) ? insuranceTerms[brand.country] : undefined;
  const example = brand.myPage.offers.insuranceExample;
  return {
    Brand: brand.brand,
    Country: brand.country,
    Currency: brand.currency,
    Sold: terms !== undefined,
    Insurer: terms?.insurer ?? null,
    EIdentityProvider: terms?.eIdentityProvider ?? null,
    PaymentKinds: terms ? [...terms.paymentKinds] : [],
    // A price example beside every offer: the premium and what a year of cover costs.
    Coverages: (terms?.coverages ?? []).map((amount) => {
      const premium = monthlyPremium(terms!, amount);
      return {
        InsuredMonthlyAmount: amount,
        MonthlyPremium: premium,
        PriceExample: { Months: priceExampleMonths, TotalCost: premium * priceExampleMonths },
      };
    }),
    // The brand's representative example (§9 insuranceExample), when it has one.
    BrandPriceExample: example ? { MonthlyCost: example.monthlyCost, TotalCost: example.totalCost } : null,
    Rules: {
      MinAge: insuranceRules.minAge,
      MaxEntryAge: insuranceRules.maxEntryAge,
      CoverEndsAtAge: insuranceRules.coverEndsAtAge,
      MinEmployedMonths: insuranceRules.minEmployedMonths,
      MinHoursPerWeek: insuranceRules.minHoursPerWeek,
      WithdrawalDays: insuranceRules.withdrawalDays,
    },
  };
}

/** GET /insurance/v2/eligibility. */
export async function getEligibility(options: { db: Db; caller: Caller; brand: BrandConfig; now: Date }) {
  const { db, caller, brand, now } = options;
  const offer = offerOf(brand);
  const personId = await personOfCaller(db, caller);
  if (!personId) return { ...offer, Eligible: null, Reasons: [] as IneligibilityReason[] };
  const { person, age } = await ageOfPerson(db, personId, isoDay(now));
  const reasons = ineligibilityOf({
    country: brand.country,
    age,
    residentInCountry: person.country === brand.country,
    hasActivePolicy: await hasActivePolicy(db, personId),
  });
  if (!offer.Sold && !reasons.includes('not-sold-in-country')) reasons.unshift('not-sold-in-country');
  return { ...offer, Eligible: reasons.length === 0, Reasons: reasons };
}

export interface EligibilityAnswers {
  InsuredMonthlyAmount: number;
  EmploymentStatus: EmploymentStatus;
  EmployedMonths: number;
  HoursPerWeek: number;
  ResidentInCountry: boolean;
  FitForWork: boolean;
  LoanApplicationID?: string | undefined;
}

/** POST /insurance/v2/eligibility: the applicant's answers; records the request when eligible. */
export async function checkEligibility(options: {
  db: Db;
  caller: Caller;
  brand: BrandConfig;
  answers: EligibilityAnswers;
  now: Date;
}) {
  const { db, caller, brand, answers, now } = options;
  const personId = await requireApplicantPerson(db, caller);
  const terms = sellsInsurance(brand) ? insuranceTerms[brand.country] : undefined;
  if (terms && !terms.coverages.includes(answers.InsuredMonthlyAmount)) {
    throw fieldError(
      'InsuredMonthlyAmount',
      `InsuredMonthlyAmount must be one of ${terms.coverages.join(', ')}`,
    );
  }
  const application = answers.LoanApplicationID
    ? await loadApplicationForCaller({ db, caller, applicationId: answers.LoanApplicationID, access: 'read' })
    : undefined;
  const { person, age } = await ageOfPerson(db, personId, isoDay(now));
  const reasons = ineligibilityOf({
    country: brand.country,
    age,
    employment: {
      status: answers.EmploymentStatus,
      employedMonths: answers.EmployedMonths,
      hoursPerWeek: answers.HoursPerWeek,
    },
    // Registered in the country (the national register we know them from) and living there
    residentInCountry: answers.ResidentInCountry && person.country === brand.country,
    fitForWork: answers.FitForWork,
    hasActivePolicy: await hasActivePolicy(db, personId),
  });
  if (!terms && !reasons.includes('not-sold-in-country')) reasons.unshift('not-sold-in-country');
  if (!terms || reasons.length > 0) return { Eligible: false, Reasons: reasons, Request: null };

  const premium = monthlyPremium(terms, answers.InsuredMonthlyAmount);
  const cover = {
    insuredMonthlyAmount: answers.InsuredMonthlyAmount,
    monthlyPremium: premium,
    brand: brand.brand,
    loanApplicationId: application?.id ?? null,
  };
  // One journey at a time: an undecided request takes the new choice of cover instead of a second request.
  const request = await refusingRaces('An insurance request is already being made', () =>
    db.transaction(async (tx) => {
      const open = await findOpenRequestForPerson(tx, personId);
      if (open) {
        if (open.insuredMonthlyAmount === cover.insuredMonthlyAmount) return open;
        // The signed mandate names the cover: once signed, the cover can no longer change.
        const signed = (await listMandatesOfRequest(tx, open.id)).some(
          (mandate) => mandate.status === 'signed',
        );
        if (signed) {
          throw conflict('The insurance mandate is already signed for another cover', { RequestID: open.id });
        }
        const updated = await updateOpenRequestCover(tx, { id: open.id, ...cover, now });
        if (updated) return updated;
      }
      return insertInsuranceRequest(tx, {
        ...cover,
        personId,
        customerId: caller.kind === 'staff' ? null : caller.customerId,
        country: brand.country,
        insurer: terms.insurer,
        createdAt: now,
        updatedAt: now,
      });
    }),
  );
  return { Eligible: true, Reasons: [] as IneligibilityReason[], Request: toRequest(request) };
}
