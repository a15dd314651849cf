import { getBrand } from '@nordloan/domain/brands/registry';
import { swedishCostWarningText } from '@nordloan/domain/cost-warning';
import type { Locale } from '@nordloan/domain/enums';
import { representativeExample } from '@nordloan/domain/finance/representative-example';
import { lendersFor } from '@nordloan/domain/lending/lender-panel';
import type {
  LoanQuote,
  PresentedQuote,
  ProductRecommendation,
  QuotesPresentationV2,
} from '@nordloan/domain/lending/loan-quote.schema';
import {
  type RecommendationReason,
  recommendationText,
  recommendQuote,
} from '@nordloan/domain/lending/recommendation';
import { finerStatusName, isFinerStatusCode } from '@nordloan/domain/statuses';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { LoanQuoteRow, LoanRequestRow } from '#src/db/schema/lending.ts';
import { notFound } from '#src/lib/app-error.ts';
import {
  applicantRoleOf,
  describeCaller,
  loadApplicationForCaller,
  loadApplicationWithForCaller,
} from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { QUOTE_CONSENT_VERSION } from '#src/modules/lending/acceptance-and-payout/quote-actions.service.ts';
import { findExternalData } from '#src/modules/lending/external-data.repository.ts';
import {
  CREDIT_BUREAU_SOURCE,
  type CreditBureauPayload,
} from '#src/modules/lending/lender-panel/lender-view.ts';
import {
  findApplicationWithQuotesAndRequests,
  findLatestQuoteConsent,
  findLatestRecommendation,
  findQuote,
  insertQuoteConsent,
  insertRecommendation,
  listQuotes,
} from '#src/modules/lending/loan-quote.repository.ts';
import { lenderName, toLoanQuote, withdrawalWindowOf } from './quote.mapper.ts';

// §7 loan-quote-presentation calls: the quotes (v1 flat, v2 grouped and sorted with each quote's
// representative example in the brand's language), payment remarks, the product recommendation and the
// quote-accept consent. Withheld quotes (breaking a country cap) are never part of any answer.

/** Quote statuses an applicant sees: the open offers and the accepted one. */
const presentedStatuses = ['approved', 'accepted'] as const;
/** v1 also lists the offers that are no longer open, for the history on the personal page. */
const historyStatuses = [
  'approved',
  'accepted',
  'not-accepted',
  'superseded',
  'cancelled',
  'expired',
  'withdrawn',
];

interface Access {
  db: Db;
  caller: Caller;
  applicationId: string;
  now: () => Date;
}

function localeOf(application: LoanApplicationRow): Locale {
  return getBrand(application.brand).i18n.defaultLocale as Locale;
}

export async function listQuotesV1(options: Access): Promise<LoanQuote[]> {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  return (await listQuotes(options.db, application.id, historyStatuses)).map(toLoanQuote);
}

/** Sort by effective rate, then total cost, then monthly payment (the CCD's comparison figure first). */
function byComparableCost(a: LoanQuote, b: LoanQuote): number {
  return (
    a.EffectiveRate - b.EffectiveRate || a.TotalCost - b.TotalCost || a.MonthlyPayment - b.MonthlyPayment
  );
}

export function presentQuote(quote: LoanQuoteRow, application: LoanApplicationRow): PresentedQuote {
  const brand = getBrand(application.brand);
  const base = toLoanQuote(quote);
  const example = representativeExample({
    locale: brand.i18n.defaultLocale,
    currency: brand.currency,
    amount: quote.amount,
    durationYears: Math.max(1, Math.round(quote.durationMonths / 12)),
    nominalRate: quote.nominalRate,
    startupFee: quote.startupFee,
    monthlyFee: quote.monthlyFee,
    feeHandling: quote.feeHandling as 'upfront' | 'financed',
  });
  return {
    ...base,
    RepresentativeExample: {
      EffectiveRate: example.effectiveRate,
      TotalCost: example.totalCost,
      TotalPayable: example.totalPayable,
      MonthlyPayment: example.monthlyPayment,
      Text: example.text,
    },
  };
}

function progressOf(request: LoanRequestRow) {
  return {
    LenderID: request.lenderId,
    LenderName: lenderName(request.lenderId),
    Status: request.status,
    StatusName: isFinerStatusCode(request.status) ? finerStatusName(request.status) : String(request.status),
    ReasonCode: request.reasonCode,
  };
}

const isPending = (code: number) => (code >= 211 && code <= 251) || (code >= 311 && code <= 349);
const isDeclined = (code: number) => (code >= 261 && code <= 269) || (code >= 361 && code <= 369);

export async function quotesV2(options: Access): Promise<QuotesPresentationV2> {
  // The application, its quotes and its requests in one round trip (was four queries; issue 12, ADR 0045).
  const {
    row: application,
    quotes,
    requests,
  } = await loadApplicationWithForCaller({
    ...options,
    access: 'read',
    read: findApplicationWithQuotesAndRequests,
  });
  const brand = getBrand(application.brand);
  const presented = quotes
    .filter((quote) => (presentedStatuses as readonly string[]).includes(quote.status))
    .map((quote) => presentQuote(quote, application))
    .sort(byComparableCost);
  const accepted = quotes.find(
    (quote) => quote.acceptanceStatus === 'pending' || quote.acceptanceStatus === 'accepted',
  );
  return {
    LoanApplicationID: application.id,
    Status: application.status,
    Locale: brand.i18n.defaultLocale as Locale,
    Currency: brand.currency,
    Groups: [
      { Group: 'offers', Quotes: presented.filter((quote) => quote.Decision === 'approved') },
      { Group: 'counter-offers', Quotes: presented.filter((quote) => quote.Decision === 'counter-offer') },
    ],
    Pending: requests.filter((request) => isPending(request.status)).map(progressOf),
    Declined: requests.filter((request) => isDeclined(request.status)).map(progressOf),
    IsComplete: requests.length > 0 && !requests.some((request) => isPending(request.status)),
    HighCostWarning:
      brand.country === 'SE' && brand.myPage.hasHighCostWarning ? swedishCostWarningText : null,
    WithdrawalWindow: withdrawalWindowOf(accepted, options.now()),
  };
}

const paymentRemarkMessages: Record<Locale, { none: string; some: string }> = {
  'nb-NO': {
    none: 'Vi fant ingen betalingsanmerkninger.',
    some: 'Du har betalingsanmerkninger. Bare noen banker gir lån til deg.',
  },
  'sv-SE': {
    none: 'Vi hittade inga betalningsanmärkningar.',
    some: 'Du har betalningsanmärkningar. Bara vissa banker lånar ut till dig.',
  },
  'fi-FI': {
    none: 'Maksuhäiriömerkintöjä ei löytynyt.',
    some: 'Sinulla on maksuhäiriömerkintöjä. Vain osa pankeista myöntää sinulle lainaa.',
  },
  'da-DK': {
    none: 'Vi fandt ingen betalingsanmærkninger.',
    some: 'Du har betalingsanmærkninger. Kun nogle banker låner til dig.',
  },
};

/** §7 v2 payment-remarks: what the credit bureau reported, and which lenders lend despite remarks. */
export async function paymentRemarks(options: Access) {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  const bureau = await findExternalData(options.db, application.id, CREDIT_BUREAU_SOURCE);
  const payload = bureau?.payload as CreditBureauPayload | undefined;
  // Each applicant sees only their own remarks (a co-applicant's credit data is theirs: GDPR art. 5(1)(f));
  // staff see both.
  const ownRole = applicantRoleOf(options.caller, application);
  const remarks = (payload?.paymentRemarks ?? []).filter(
    (remark) => ownRole === null || remark.ownerRole === ownRole,
  );
  const locale = localeOf(application);
  return {
    LoanApplicationID: application.id,
    Checked: bureau?.status === 'success',
    CheckedAt: bureau ? bureau.fetchedAt.toISOString() : null,
    HasPaymentRemarks: remarks.length > 0,
    PaymentRemarks: remarks.map((remark) => ({
      ApplicantRole: remark.ownerRole,
      Creditor: remark.creditor,
      Amount: remark.amount,
      RegisteredAt: remark.registeredAt,
    })),
    LendersAcceptingPaymentRemarks: lendersFor(application.country as never, application.product as never)
      .filter((lender) => lender.acceptsPaymentRemarks)
      .map((lender) => ({ ID: lender.id, Name: lender.name })),
    Message: bureau ? paymentRemarkMessages[locale][remarks.length > 0 ? 'some' : 'none'] : null,
  };
}

// ── Product recommendation ──────────────────────────────────────────────────────────────────────────

const noOfferTexts: Record<Locale, string> = {
  'nb-NO': 'Vi har ingen åpne tilbud å anbefale.',
  'sv-SE': 'Vi har inga öppna erbjudanden att rekommendera.',
  'fi-FI': 'Meillä ei ole avoimia tarjouksia suositeltavaksi.',
  'da-DK': 'Vi har ingen åbne tilbud at anbefale.',
};

function toRecommendation(
  row: {
    id: string;
    loanApplicationId: string;
    loanQuoteId: string | null;
    reasons: string[];
    createdAt: Date;
  },
  locale: Locale,
  /** The recommended offer's lender, named in the sentence (issue 38: "we recommend this offer" said not which). */
  lender: string | null,
): ProductRecommendation {
  const reasons = row.reasons as RecommendationReason[];
  return {
    ID: row.id,
    LoanApplicationID: row.loanApplicationId,
    LoanQuoteID: row.loanQuoteId,
    Reasons: reasons,
    Text: row.loanQuoteId
      ? recommendationText(locale, { lender: lender ?? '', reasons })
      : noOfferTexts[locale],
    CreatedAt: row.createdAt.toISOString(),
  };
}

/** §7 POST product-recommendation (empty body): recommends one of the open offers and says why. */
export async function computeRecommendation(options: Access): Promise<ProductRecommendation> {
  // It stores a recommendation row: a write, so read-only staff roles may not (found by the route matrix).
  const application = await loadApplicationForCaller({ ...options, access: 'write' });
  const open = await listQuotes(options.db, application.id, ['approved']);
  const recommendation = recommendQuote(
    open.map((quote) => ({
      id: quote.id,
      lenderName: lenderName(quote.lenderId),
      amount: quote.amount,
      durationMonths: quote.durationMonths,
      effectiveRate: quote.effectiveRate ?? Number.POSITIVE_INFINITY,
      totalCost: quote.totalCost ?? Number.POSITIVE_INFINITY,
      monthlyPayment: quote.monthlyPayment ?? Number.POSITIVE_INFINITY,
    })),
    // What the personal page ranks against (the application's Amount and Duration): the offers for the
    // amount and term asked come first. A credit card names no term.
    {
      amount: application.amount ?? null,
      durationMonths: application.durationYears == null ? null : application.durationYears * 12,
    },
  );
  const row = await insertRecommendation(options.db, {
    loanApplicationId: application.id,
    loanQuoteId: recommendation?.quoteId ?? null,
    reasons: recommendation?.reasons ?? [],
    createdAt: options.now(),
  });
  const recommended = open.find((quote) => quote.id === recommendation?.quoteId);
  return toRecommendation(row, localeOf(application), recommended ? lenderName(recommended.lenderId) : null);
}

export async function latestRecommendation(options: Access): Promise<ProductRecommendation> {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  const row = await findLatestRecommendation(options.db, application.id);
  if (!row) throw notFound();
  const quote = row.loanQuoteId ? await findQuote(options.db, row.loanQuoteId) : undefined;
  return toRecommendation(row, localeOf(application), quote ? lenderName(quote.lenderId) : null);
}

// ── Quote-accept consent ────────────────────────────────────────────────────────────────────────────

const consentTexts: Record<Locale, string> = {
  'nb-NO':
    'Jeg har lest standardisert europeisk opplysningsskjema (SECCI) for tilbudet, og samtykker i at søknaden min deles med banken jeg velger. Jeg kjenner til angreretten på 14 dager.',
  'sv-SE':
    'Jag har läst standardiserad europeisk konsumentkreditinformation (SEKKI) för erbjudandet och samtycker till att min ansökan delas med den bank jag väljer. Jag känner till ångerrätten på 14 dagar.',
  'fi-FI':
    'Olen lukenut tarjouksen vakiomuotoiset eurooppalaiset kulutusluottotiedot (SECCI) ja hyväksyn, että hakemukseni jaetaan valitsemalleni pankille. Tiedän 14 päivän peruuttamisoikeudesta.',
  'da-DK':
    'Jeg har læst det europæiske standardiserede informationsark (SECCI) for tilbuddet og giver samtykke til, at min ansøgning deles med den bank, jeg vælger. Jeg kender til fortrydelsesretten på 14 dage.',
};

async function presentConsent(db: Executor, application: LoanApplicationRow) {
  const consent = await findLatestQuoteConsent(db, application.id);
  return {
    LoanApplicationID: application.id,
    ConsentVersion: QUOTE_CONSENT_VERSION,
    Text: consentTexts[localeOf(application)],
    Given: consent !== undefined,
    GivenAt: consent ? consent.createdAt.toISOString() : null,
    LoanQuoteID: consent?.loanQuoteId ?? null,
  };
}

export async function getQuoteConsent(options: Access) {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  return presentConsent(options.db, application);
}

export async function giveQuoteConsent(options: Access & { quoteId: string | undefined }) {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  if (options.caller.kind === 'staff') throw notFound();
  if (options.quoteId) {
    const quotes = await listQuotes(options.db, application.id, presentedStatuses);
    if (!quotes.some((quote) => quote.id === options.quoteId)) throw notFound();
  }
  await insertQuoteConsent(options.db, {
    loanApplicationId: application.id,
    loanQuoteId: options.quoteId ?? null,
    givenBy: describeCaller(options.caller),
    consentVersion: QUOTE_CONSENT_VERSION,
    createdAt: options.now(),
  });
  return presentConsent(options.db, application);
}
