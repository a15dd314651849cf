import {
  idempotencyKeyHeader,
  lenderSignatureHeader,
  signatureToleranceSeconds,
} from '@nordloan/domain/lending/lender-api';
import { finerStatusName, isFinerStatusCode } from '@nordloan/domain/statuses';

// What a bank's developer needs beyond the schemas to build a lender from the document alone (ADR 0078):
// an implementation written by someone who saw only /lender-api/openapi.json (e2e/outside-lender/lender.py)
// had to guess each of these — where callbacks go and under which LenderId, the signature's exact bytes,
// the order of the calls, money units, what the codes mean, which offers are never shown. The guide is the
// document's description; describeFields fills the schemas' missing field descriptions.

type JsonSchema = Record<string, unknown>;

export const lenderApiGuide = [
  '## Getting connected',
  'When a Manager adds you as a lender we agree three things with you: your **LenderId** (country code, dash, name, e.g. `no-fjordbank`: it is in the address of your callbacks and in the body of each), a **signing secret** (at least 32 characters, shared both ways), and your **base URL** (every operation below is a POST to that URL followed by the path). We tell you the address of our API: your callbacks go to `<our API>/lender-api/callbacks/<LenderId>`. A registration that carries a CallbackUrl names a different callback address for that application.',
  '## Signatures, both ways',
  `Every request we send you and every callback you send us has the header \`${lenderSignatureHeader}: t=<t>,v1=<hex>\`: t is the Unix time in whole seconds (not milliseconds); hex is HMAC-SHA256 keyed with the secret's UTF-8 bytes exactly as agreed (not hex- or base64-decoded), over the ASCII t, a full stop, and the raw body bytes exactly as sent, written as 64 lower-case hexadecimal digits. The receiver refuses (401) a missing or wrong signature and a t more than ${signatureToleranceSeconds} seconds from its clock. Verify against the raw bytes you received, before parsing them. Answers to our requests are not signed: they come back on the connection we opened. Bodies are JSON in UTF-8 with \`content-type: application/json\`.`,
  '## The order of the calls',
  '1. `registerApplication`: you take the application in (`registered`, with your own LenderReference) or refuse it (`not-registered`, with a code).',
  '2. `fetchDecision`, after a registration and again after your poll interval (5 s unless agreed) for as long as you answer `pending`. You may answer the decision in the call, or answer `pending` and send an `offer` or `decline` callback when you have decided — whichever comes first counts; a callback that comes after the decision was taken is acknowledged as `ignored`.',
  '3. When the customer acts: `changeOffer`, `acceptOffer`, then `fetchAgreement` (your agreement PDF) and `sendSignedAgreement` (the e-ID signatures), `requestDisbursementDecision` and `disburse`; a `requestHumanReview` of a decline and a `notifyWithdrawal` after signing may come at their time. Answers that take time come as callbacks (`disbursement-decision`, `disbursed`, …).',
  '## Idempotency, timeouts and retries',
  `Every POST but \`prequalify\` carries an \`${idempotencyKeyHeader}\`. Keep the first answer for a key and give it again when the key comes again (a retry is never a second application or payout), whatever MessageId and SentAt the repeat has; a key used again for a request that differs in anything else is 422. We wait for each answer as long as the timeout agreed with you (5 s unless agreed); no answer in time, a dropped connection or a 5xx is tried again (twice unless agreed) with the same key and body; a 4xx or an answer outside the schema is not tried again and counts as your error. After repeated failures we stop calling you for a while, then try one call.`,
  '## Money, offers and what is never shown',
  'Amounts and fees are in whole or decimal units of the application’s Currency (kroner, euros — not øre or cents); Amount and DurationMonths are integers. NominalRatePercent is the yearly nominal rate in percent (7.9 means 7.9 %). StartupFee is charged once; with FeeHandling `upfront` it is paid at payout, with `financed` it is added to the loan. MonthlyFee is charged every month. OfferType `Annuity` is one annuity offer; `Dual Offer` marks each of two offers on the same amount where the second runs longer. LoanKind: `Consumer` new credit, `Refinance` only pays the debts marked IsRefinanced off, `Combo` pays them off and lends more, `Topup` adds to your own existing loan. An `approved` offer is for exactly the Amount and DurationMonths asked (a credit card’s term excepted); a `counter-offer` never lends more than asked. An offer outside these rules is recorded as your error and never shown; an offer that breaks a legal cap of the country on the day (rates, costs) is kept but withheld, never shown. Price inside the RateBand when you can: it is the band the brand advertises.',
  '## Callbacks we acknowledge',
  'A callback is one message: send it again unchanged (same body and MessageId, signed again with a fresh t) when you get no answer or a 5xx, and not again once it is acknowledged (200 or 202). A 4xx is final: the callback was refused and changed nothing — 400 not the schema, 401 the signature, 403 the body names another lender (or you have no secret with us), 404 an application or offer that is not yours.',
  '## Versions',
  'Within version 1 we only add optional fields: ignore fields you do not know rather than refuse the request (the request schemas below therefore allow more properties). We likewise ignore fields of yours we do not know.',
].join('\n\n');

/** What the shared field names mean, wherever a schema does not say it itself. */
const fieldMeanings: Record<string, string> = {
  Amount: 'Whole units of the currency (kroner, euros), not minor units',
  DurationMonths: 'The term in months',
  NominalRatePercent: 'Yearly nominal interest rate in percent (7.9 = 7.9 %)',
  NominalRate: 'Yearly nominal interest rate in percent (7.9 = 7.9 %), as in the offer accepted',
  Outcome:
    'upheld: the decline stands; changed: a person at the lender changed the decision (the Explanation says how)',
  StartupFee: 'One-off fee in units of the currency; see FeeHandling',
  MonthlyFee: 'Fee each month in units of the currency',
  FeeHandling: 'upfront: the StartupFee is paid at payout; financed: it is added to the amount lent',
  OfferType:
    'Annuity: a single annuity offer; Dual Offer: one of two offers on the same amount, the second longer',
  LoanKind:
    'Consumer: new credit; Refinance: only pays the debts marked IsRefinanced off; Combo: pays them off and lends more; Topup: adds to the lender’s own loan',
  LenderId: 'Your id with us as agreed when you were added: the same as in the callback address',
  LenderReference: 'Your own reference of the application, as you answered the registration',
  Currency: 'ISO 4217: DKK, EUR, NOK or SEK',
};

function walk(node: unknown, visit: (schema: JsonSchema) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  visit(node as JsonSchema);
  for (const value of Object.values(node)) walk(value, visit);
}

/** The §4 codes an enum allows, each with its meaning (`261 PID error; 262 address error; …`). */
function codeMeanings(values: unknown[]): string | undefined {
  const named = values.filter(
    (value): value is number => typeof value === 'number' && isFinerStatusCode(value),
  );
  if (named.length === 0 || named.length !== values.length) return undefined;
  return named.map((code) => `${code}: ${finerStatusName(code as never)}`).join('; ');
}

/**
 * Adds the meaning of the shared fields (units, enums) to the schemas in place where a field has no
 * description of its own, and to every code enum the meaning of each code; drops pointers into our own
 * specification from every description.
 */
export function describeFields(schemas: Record<string, JsonSchema>): void {
  walk(schemas, (schema) => {
    if (typeof schema.description === 'string')
      schema.description = withoutSpecReferences(schema.description);
    const properties = schema.properties as Record<string, JsonSchema> | undefined;
    if (!properties) return;
    for (const [name, property] of Object.entries(properties)) {
      const codes = name === 'Code' && Array.isArray(property.enum) ? codeMeanings(property.enum) : undefined;
      // The meanings replace what a code enum says of itself (a pointer into our own specification).
      if (codes) {
        property.description = codes;
      } else if (!property.description && fieldMeanings[name]) {
        property.description = fieldMeanings[name];
      }
    }
  });
}

/**
 * Requests without `additionalProperties: false`: a lender validating against the document must accept the
 * optional fields we add within a version (the guide's "Versions").
 */
export function allowAddedFields(schema: JsonSchema): JsonSchema {
  walk(schema, (node) => {
    if (node.additionalProperties === false) delete node.additionalProperties;
  });
  return schema;
}

/** An operation's description without pointers into our own specification ("(§4 261–269)"): the codes are
 * explained where they are sent. */
export function withoutSpecReferences(text: string): string {
  return text.replace(/\s*\(§\d+[^)]*\)/g, '');
}
