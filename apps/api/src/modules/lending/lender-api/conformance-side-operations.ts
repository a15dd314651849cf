import { randomUUID } from 'node:crypto';
import type { Country } from '@nordloan/domain/enums';
import { lenderReviewPath, lenderReviewResponseSchema } from '@nordloan/domain/human-review';
import {
  lenderPrequalificationPath,
  lenderPrequalificationResponseSchema,
} from '@nordloan/domain/lending/approval-odds';
import {
  lenderWithdrawalPath,
  lenderWithdrawalResponseSchema,
} from '@nordloan/domain/lending/credit-withdrawal';
import {
  idempotencyKeyHeader,
  type LenderApiOffer,
  lenderSignatureHeader,
} from '@nordloan/domain/lending/lender-api';
import type { z } from 'zod';
import {
  lenderAgreementPath,
  lenderAgreementResponseSchema,
  lenderSignedAgreementPath,
  lenderSignedAgreementResponseSchema,
  sha256Hex,
} from './lender-agreement.ts';
import { signLenderMessage } from './lender-signature.ts';

// The conformance kit's checks of the operations beside the adapter's (docs/decisions/0075, 0065, 0066,
// 0074, 0077): the credit agreement and its signed evidence, a human review, a withdrawal notice and the soft
// pre-qualification — each signed (an unsigned one refused), keyed where it changes something at the lender
// (a keyless one refused), and answered in its schema about our application and offer. conformance-kit.ts
// runs them in the order a loan takes: after the acceptance, the agreement signed before the payout.

export interface SideCheckContext {
  base: string;
  secret: string;
  timeoutMs: number;
  latencies: number[];
  check(name: string, ok: boolean, detail?: string): void;
  skip(name: string, detail: string): void;
}

export interface AcceptedQuote {
  ApplicationReference: string;
  QuoteId: string;
  LenderReference: string | null;
}

interface Answer {
  status: number;
  body: unknown;
}

const lenderPathOf = (template: string, reference: string) =>
  template.replace('{ApplicationReference}', encodeURIComponent(reference));

const envelope = () => ({ MessageId: randomUUID(), SentAt: new Date().toISOString() });

async function post(
  context: SideCheckContext,
  path: string,
  message: Record<string, unknown>,
  headers: { key?: string | null; signed?: boolean } = {},
): Promise<Answer> {
  const body = JSON.stringify(message);
  const started = Date.now();
  const response = await fetch(context.base + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(headers.key ? { [idempotencyKeyHeader]: headers.key } : {}),
      ...(headers.signed === false
        ? {}
        : { [lenderSignatureHeader]: signLenderMessage(context.secret, body, new Date()) }),
    },
    body,
    signal: AbortSignal.timeout(Math.max(context.timeoutMs * 3, 15_000)),
  });
  const text = await response.text();
  context.latencies.push(Date.now() - started);
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: response.status, body: parsed };
}

/** What is wrong with an answer: not 200, outside the schema, or about another application or offer. */
function problemOf(
  answer: Answer,
  schema: z.ZodType<{ ApplicationReference: string; QuoteId?: string }>,
  expected: { reference: string; quoteId?: string },
): string | undefined {
  if (answer.status !== 200) return `HTTP ${answer.status}`;
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
  if (parsed.data.ApplicationReference !== expected.reference) return 'answers about another application';
  if (expected.quoteId && parsed.data.QuoteId !== expected.quoteId) return 'answers about another offer';
  return undefined;
}

/**
 * The agreement for the accepted offer (a PDF) and the signed evidence. Answers the document's SHA-256 when
 * the lender handed one over (the evidence names it), else null.
 */
export async function checkAgreement(
  context: SideCheckContext,
  input: { quote: AcceptedQuote; offer: LenderApiOffer; currency: string },
): Promise<string | null> {
  const { quote, offer } = input;
  const path = lenderPathOf(lenderAgreementPath, quote.ApplicationReference);
  const ask = {
    ...quote,
    Amount: offer.Amount,
    DurationMonths: offer.DurationMonths,
    NominalRate: offer.NominalRatePercent,
    Currency: input.currency,
  };
  const key = `agreement:${quote.QuoteId}`;
  const unsigned = await post(context, path, { ...envelope(), ...ask }, { key, signed: false });
  context.check(
    'agreement: an unsigned request is refused (401)',
    unsigned.status === 401,
    `HTTP ${unsigned.status}`,
  );
  const keyless = await post(context, path, { ...envelope(), ...ask });
  context.check(
    'agreement: a request without Idempotency-Key is refused (400)',
    keyless.status === 400,
    `HTTP ${keyless.status}`,
  );
  const answer = await post(context, path, { ...envelope(), ...ask }, { key });
  const problem = problemOf(answer, lenderAgreementResponseSchema, {
    reference: quote.ApplicationReference,
    quoteId: quote.QuoteId,
  });
  const body = answer.body as { Status?: string; ContentBase64?: string };
  const content = body.ContentBase64 ? Buffer.from(body.ContentBase64, 'base64') : null;
  const pdf = content?.subarray(0, 5).toString('latin1') === '%PDF-';
  context.check(
    'agreement: keeps the schema, names the offer, and a ready agreement is a PDF',
    !problem && (body.Status === 'not-ready' || pdf),
    problem ?? 'ready, but not a PDF',
  );
  if (!content || !pdf) {
    context.skip('agreement: the signed evidence is acknowledged', 'no agreement handed over yet');
    return null;
  }
  const sha256 = sha256Hex(content);
  const now = new Date().toISOString();
  const evidence = {
    ...quote,
    DocumentSha256: sha256,
    CompletedAt: now,
    Signatures: [
      {
        Role: 'MainApplicant',
        PersonReference: randomUUID(),
        Provider: 'bankid-no',
        TransactionId: randomUUID(),
        SignedAt: now,
        DocumentSha256: sha256,
      },
    ],
  };
  const signedPath = lenderPathOf(lenderSignedAgreementPath, quote.ApplicationReference);
  const signedKey = `signed-agreement:${quote.QuoteId}`;
  const signed = await post(context, signedPath, { ...envelope(), ...evidence }, { key: signedKey });
  const signedProblem = problemOf(signed, lenderSignedAgreementResponseSchema, {
    reference: quote.ApplicationReference,
    quoteId: quote.QuoteId,
  });
  context.check('agreement: the signed evidence is acknowledged', !signedProblem, signedProblem);
  const again = await post(context, signedPath, { ...envelope(), ...evidence }, { key: signedKey });
  context.check(
    'idempotency: the signed evidence repeated is acknowledged again',
    again.status === 200 && JSON.stringify(again.body) === JSON.stringify(signed.body),
    `HTTP ${again.status}`,
  );
  return sha256;
}

/** A human review of a decline and a withdrawal notice about the accepted offer. */
export async function checkNotices(context: SideCheckContext, quote: AcceptedQuote, currency: string) {
  const reviewId = randomUUID();
  const reviewPath = lenderPathOf(lenderReviewPath, quote.ApplicationReference);
  const review = {
    ApplicationReference: quote.ApplicationReference,
    ReviewId: reviewId,
    Code: 361,
    ReasonCode: 'CREDIT_SCORE',
    ApplicantView: 'My income has risen since; please look again.',
    AnswerBy: new Date(Date.now() + 14 * 86_400_000).toISOString(),
  };
  const unsigned = await post(
    context,
    reviewPath,
    { ...envelope(), ...review },
    {
      key: `human-review:${reviewId}`,
      signed: false,
    },
  );
  context.check(
    'human review: an unsigned request is refused (401)',
    unsigned.status === 401,
    `HTTP ${unsigned.status}`,
  );
  const answered = await post(
    context,
    reviewPath,
    { ...envelope(), ...review },
    { key: `human-review:${reviewId}` },
  );
  const reviewProblem =
    problemOf(answered, lenderReviewResponseSchema, { reference: quote.ApplicationReference }) ??
    ((answered.body as { ReviewId?: string }).ReviewId === reviewId
      ? undefined
      : 'answers about another review');
  context.check('human review: keeps the schema and names the review', !reviewProblem, reviewProblem);

  const withdrawalPath = lenderPathOf(lenderWithdrawalPath, quote.ApplicationReference);
  const notice = {
    ...quote,
    SignedAt: new Date(Date.now() - 86_400_000).toISOString(),
    WithdrawnAt: new Date().toISOString(),
    Currency: currency,
    Principal: 10_000,
    DailyInterest: 2,
    Total: 10_060,
    PayBackBy: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  };
  const key = `withdrawal:${quote.QuoteId}`;
  const { Total: _total, ...incomplete } = notice;
  const malformed = await post(
    context,
    withdrawalPath,
    { ...envelope(), ...incomplete },
    { key: `${key}:x` },
  );
  context.check(
    'withdrawal: a notice without its figures is refused (400)',
    malformed.status === 400,
    `HTTP ${malformed.status}`,
  );
  const received = await post(context, withdrawalPath, { ...envelope(), ...notice }, { key });
  const problem = problemOf(received, lenderWithdrawalResponseSchema, {
    reference: quote.ApplicationReference,
    quoteId: quote.QuoteId,
  });
  context.check('withdrawal: the notice is acknowledged for the offer', !problem, problem);
}

/** The soft pre-qualification: optional (a lender without it answers 404 or 501 and is skipped). */
export async function checkPrequalification(context: SideCheckContext, country: Country, currency: string) {
  const fi = country === 'FI';
  const asked = {
    InquiryType: 'soft',
    Country: country,
    Currency: currency,
    Product: 'UnsecuredLoan',
    Amount: fi ? 10_000 : 100_000,
    DurationMonths: 60,
    GrossYearlyIncome: fi ? 60_000 : 720_000,
    NetMonthlyIncome: fi ? 3_600 : 45_000,
    HousingCostMonthly: fi ? 800 : 8_000,
    DebtBalance: 0,
    DebtMonthlyPayments: 0,
    EmploymentType: null,
    RateBand: { Low: 5.9, High: 19.9 },
  };
  const answer = await post(context, lenderPrequalificationPath, { ...envelope(), ...asked });
  const name = 'pre-qualification: a soft estimate in the schema, no idempotency key needed';
  if (answer.status === 404 || answer.status === 501) {
    context.skip(name, `the lender has no pre-qualification (HTTP ${answer.status})`);
    return;
  }
  const parsed = lenderPrequalificationResponseSchema.safeParse(answer.body);
  context.check(
    name,
    answer.status === 200 && parsed.success,
    answer.status !== 200 ? `HTTP ${answer.status}` : parsed.error?.issues[0]?.message,
  );
}
