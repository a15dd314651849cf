import type { OptionalFields } from './brand-config.schema.ts';

// ─── Optional form-field flags (§3), and why each brand has them ────────────────────────────────
// The flags add questions to the application form. A question is asked only where the lenders of that
// market need an answer that no register gives them; every extra question costs completed applications.

/** Norway, main style (no-main, no-alt1…no-alt4): sells unsecured, credit card and secured loans. */
export const norwayMainOptionalFields: OptionalFields = {
  // Gjeldsregisteret (the national debt register, debt source 2 in §3) reports unsecured loans and credit
  // cards only; payments on other debts (private loans, leasing) must come from the applicant for the
  // affordability test at rate + 3 points (utlånsforskriften, regulation.md).
  hasUnspecifiedDebtMonthlyDebtPayment: true,
  // Norwegian lenders score on the base employment list; the extended list adds values they do not read.
  hasExtendedEmploymentStatus: false,
  // Asked only for temporary and probationary work, where lenders need it; permanent staff are not asked.
  alwaysAskEmploymentStart: false,
  // Not used by the Norwegian panel's scoring.
  hasEmployerIndustry: false,
  // Job level is part of the Norwegian lenders' scorecards and of the secured-loan assessment.
  hasJobPosition: true,
  // Cooperative (borettslag) common debt counts towards total debt ≤ 5 × income (utlånsforskriften,
  // regulation.md), so lenders must know whether the home is a cooperative apartment.
  hasApartmentType: true,
  // Gjeldsregisteret holds no mortgages; a secured loan or a refinancing of housing debt needs to know
  // which bank holds the mortgage to take over or rank behind it.
  hasHousingDebtCreditor: true,
  // hvitvaskingsloven: PEP self-declaration feeds the PEP and sanctions screening (regulation.md, "all").
  hasPoliticallyInfluential: true,
  // Credit-card limits and balances come from Gjeldsregisteret; asking again invites conflicting figures.
  hasCreditCardMonthlyDebtPayment: false,
  // Payout goes to any Norwegian account; lenders do not ask for the main bank.
  hasMainBank: false,
  // Norwegian lenders use the SIFO reference budget for household living costs, not a declared figure.
  hasPartnerLivingCostMonthly: false,
};

/** Norway, comparison style (no-compare): short form, unsecured loans only (plus insurance). */
export const norwayCompareOptionalFields: OptionalFields = {
  ...norwayMainOptionalFields,
  // The comparison form is the short one; its lenders score without job level.
  hasJobPosition: false,
  // No secured loans and no refinancing of housing here, so the housing questions are left out.
  hasApartmentType: false,
  hasHousingDebtCreditor: false,
};

/** Sweden (se-main, se-alt1, se-alt2): no Swedish register reports monthly payments. */
export const swedenOptionalFields: OptionalFields = {
  // The credit report (UC) shows balances, not payments; KALP ("kvar att leva på") needs the payments.
  hasUnspecifiedDebtMonthlyDebtPayment: true,
  // Swedish lenders treat provanställning, projektanställning and timanställning differently.
  hasExtendedEmploymentStatus: true,
  // Swedish lenders require a minimum time in employment for every employment type.
  alwaysAskEmploymentStart: true,
  // Not used by the Swedish panel.
  hasEmployerIndustry: false,
  // Not used by the Swedish panel.
  hasJobPosition: false,
  // Bostadsrätt (monthly association fee) versus hyresrätt (rent) changes the KALP housing cost.
  hasApartmentType: true,
  // No secured product in Sweden; housing debt is asked as an amount only.
  hasHousingDebtCreditor: false,
  // penningtvättslagen: PEP self-declaration (regulation.md, "all").
  hasPoliticallyInfluential: true,
  // No Swedish register gives card payments, so KALP needs them from the applicant.
  hasCreditCardMonthlyDebtPayment: true,
  // Swedish lenders verify income against the salary account and pay out there.
  hasMainBank: true,
  // KALP is a household calculation; the partner's share of living costs enters it.
  hasPartnerLivingCostMonthly: true,
};

/** Sweden, comparison style (se-compare). */
export const swedenCompareOptionalFields: OptionalFields = {
  ...swedenOptionalFields,
  // The comparison brand forwards to the whole panel and pays out to the account given on acceptance.
  hasMainBank: false,
};

/** Finland (all four brands): the positive credit register (positiivinen luottotietorekisteri, 2024). */
export const finlandOptionalFields: OptionalFields = {
  // The positive credit register reports every consumer credit with its payments.
  hasUnspecifiedDebtMonthlyDebtPayment: false,
  // Finnish lenders distinguish fixed-term, project and hourly work (määräaikainen, tuntityö).
  hasExtendedEmploymentStatus: true,
  // Asked only for non-permanent work.
  alwaysAskEmploymentStart: false,
  // Finnish lenders' scorecards use the employer's industry.
  hasEmployerIndustry: true,
  // …and the job level.
  hasJobPosition: true,
  // Housing-company charge (yhtiövastike) versus rent changes the housing cost.
  hasApartmentType: true,
  // No secured product in Finland.
  hasHousingDebtCreditor: false,
  // rahanpesulaki: PEP self-declaration (regulation.md, "all").
  hasPoliticallyInfluential: true,
  // Credit cards are in the positive credit register.
  hasCreditCardMonthlyDebtPayment: false,
  // Finnish lenders identify and pay out through the applicant's online bank.
  hasMainBank: true,
  // Finnish lenders use their own household cost norms.
  hasPartnerLivingCostMonthly: false,
};

/** Denmark (dk-main): no positive debt register. */
export const denmarkOptionalFields: OptionalFields = {
  // No Danish register gives payments; the rådighedsbeløb (disposable amount) needs them.
  hasUnspecifiedDebtMonthlyDebtPayment: true,
  // Not used by the Danish panel.
  hasExtendedEmploymentStatus: false,
  alwaysAskEmploymentStart: false,
  hasEmployerIndustry: false,
  hasJobPosition: false,
  // Andelsbolig (cooperative) versus owner-occupied or rented changes the housing cost.
  hasApartmentType: true,
  // No secured product in Denmark.
  hasHousingDebtCreditor: false,
  // hvidvaskloven: PEP self-declaration (regulation.md, "all").
  hasPoliticallyInfluential: true,
  // No register gives card payments.
  hasCreditCardMonthlyDebtPayment: true,
  hasMainBank: false,
  // The rådighedsbeløb is a household budget including the partner's share.
  hasPartnerLivingCostMonthly: true,
};
