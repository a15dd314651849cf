import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Country } from '@nordloan/domain/enums';
import {
  idempotencyKeyHeader,
  type LenderApiApplication,
  type LenderApiOffer,
  type LenderApiOperation,
  lenderApiOperations,
  lenderApiPath,
  lenderCallbackSchema,
  lenderSignatureHeader,
} from '@nordloan/domain/lending/lender-api';
import { decisionOfferProblems } from '@nordloan/domain/lending/lender-api-rules';
import {
  checkAgreement,
  checkNotices,
  checkPrequalification,
  type SideCheckContext,
} from './conformance-side-operations.ts';
import { signLenderMessage, verifyLenderSignature } from './lender-signature.ts';

// The lender API's conformance kit (issue 33 item 7, docs/decisions/0062): the contract run against any
// implementation of the lender API — signatures, schemas, idempotency, answer times and the callbacks it
// sends, and the operations beside the adapter's (conformance-side-operations.ts) — and what passes printed. `npm run lender:conformance -- --url <base URL> --secret <secret>`
// (scripts/lender-conformance.ts); the sandbox lender passes it in CI (lender-sandbox.conformance.test.ts).

export interface ConformanceOptions {
  /** The lender's base URL (the operations' paths follow it). */
  url: string;
  secret: string;
  /** The lender's id, as its callbacks name it; unchecked when absent. */
  lenderId?: string;
  country?: Country;
  /** Longest acceptable answer time of one call. */
  timeoutMs?: number;
  /** How long a `pending` decision is asked again before the check fails. */
  decisionWaitMs?: number;
  /** How long the kit listens for callbacks after the last call. */
  callbackWaitMs?: number;
  /** Host the kit's callback listener binds to and names in CallbackUrl. */
  callbackHost?: string;
}

export type CheckResult = { name: string; outcome: 'pass' | 'fail' | 'skip'; detail?: string };

interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

const sampleAmount: Record<Country, number> = { NO: 100_000, SE: 100_000, DK: 100_000, FI: 10_000 };
const currency = { NO: 'NOK', SE: 'SEK', DK: 'DKK', FI: 'EUR' } as const;

/** A plain, creditworthy applicant: the application most lenders approve. */
export function sampleApplication(country: Country): LenderApiApplication {
  const fi = country === 'FI';
  return {
    Country: country,
    Currency: currency[country],
    Product: 'UnsecuredLoan',
    Amount: sampleAmount[country],
    DurationMonths: 60,
    Purpose: 'Renovation',
    Applicants: [
      {
        Role: 'MainApplicant',
        Age: 42,
        GrossYearlyIncome: fi ? 60_000 : 720_000,
        NetMonthlyIncome: fi ? 3_600 : 45_000,
        EmploymentType: 'Permanent',
        HousingCostMonthly: fi ? 800 : 8_000,
        HasPaymentRemarks: false,
        HasNationalId: true,
        HasAddress: true,
      },
    ],
    Debts: [],
    RateBand: { Low: 5.9, High: 19.9 },
    IsDuplicateAtLender: false,
    Property: null,
  };
}

export async function runConformance(options: ConformanceOptions): Promise<CheckResult[]> {
  const base = options.url.replace(/\/$/, '');
  const country =
    options.country ?? (options.lenderId?.slice(0, 2).toUpperCase() as Country | undefined) ?? 'NO';
  const timeoutMs = options.timeoutMs ?? 5_000;
  const results: CheckResult[] = [];
  const latencies: number[] = [];
  const check = (name: string, ok: boolean, detail?: string) =>
    results.push({ name, outcome: ok ? 'pass' : 'fail', ...(ok || !detail ? {} : { detail }) });
  const skip = (name: string, detail: string) => results.push({ name, outcome: 'skip', detail });
  const side: SideCheckContext = { base, secret: options.secret, timeoutMs, latencies, check, skip };

  async function send(
    operation: LenderApiOperation,
    reference: string,
    message: Record<string, unknown>,
    headers: { key?: string | null; signature?: string | null; signedAt?: Date } = {},
  ): Promise<Answer> {
    const body = JSON.stringify(message);
    const started = Date.now();
    const response = await fetch(base + lenderApiPath(operation, reference), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(headers.key === null ? {} : { [idempotencyKeyHeader]: headers.key ?? randomUUID() }),
        ...(headers.signature === null
          ? {}
          : {
              [lenderSignatureHeader]:
                headers.signature ?? signLenderMessage(options.secret, body, headers.signedAt ?? new Date()),
            }),
      },
      body,
      signal: AbortSignal.timeout(Math.max(timeoutMs * 3, 15_000)),
    });
    const text = await response.text();
    const ms = Date.now() - started;
    latencies.push(ms);
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: response.status, body: parsed, ms };
  }
  const envelope = () => ({ MessageId: randomUUID(), SentAt: new Date().toISOString() });
  const conforms = (operation: LenderApiOperation, answer: Answer, reference: string) => {
    const parsed = lenderApiOperations[operation].response.safeParse(answer.body);
    if (answer.status !== 200) return `HTTP ${answer.status}`;
    if (!parsed.success)
      return parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    if (parsed.data.ApplicationReference !== reference) return 'answers about another application';
    return undefined;
  };

  // Our callback listener: what the lender sends while the kit runs.
  const received: Array<{ raw: string; signature: string | undefined }> = [];
  const listener = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        raw: Buffer.concat(chunks).toString('utf8'),
        signature: request.headers[lenderSignatureHeader] as string | undefined,
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  const host = options.callbackHost ?? '127.0.0.1';
  await new Promise<void>((listening) => listener.listen(0, host, listening));
  const callbackUrl = `http://${host}:${(listener.address() as AddressInfo).port}/callbacks`;

  try {
    const reference = randomUUID();
    const application = sampleApplication(country);
    const register = { ApplicationReference: reference, Application: application, CallbackUrl: callbackUrl };

    // Signatures first: nothing unsigned, wrongly signed or stale may be taken.
    const probe = randomUUID();
    const probeBody = { ...envelope(), ...register, ApplicationReference: probe };
    check(
      'signature: an unsigned request is refused (401)',
      (await send('registerApplication', probe, probeBody, { signature: null })).status === 401,
    );
    check(
      'signature: a wrong signature is refused (401)',
      (
        await send('registerApplication', probe, probeBody, {
          signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
        })
      ).status === 401,
    );
    check(
      'signature: a timestamp outside the replay window is refused (401)',
      (await send('registerApplication', probe, probeBody, { signedAt: new Date(Date.now() - 10 * 60_000) }))
        .status === 401,
    );
    const malformed = await send('registerApplication', probe, {
      ...envelope(),
      ApplicationReference: probe,
    });
    check(
      'schema: a request without its application is refused (400)',
      malformed.status === 400,
      `HTTP ${malformed.status}`,
    );
    const keyless = await send('registerApplication', probe, probeBody, { key: null });
    check(
      'idempotency: a request without Idempotency-Key is refused (400)',
      keyless.status === 400,
      `HTTP ${keyless.status}`,
    );

    // Registration, and idempotency: the same key is the same registration whatever the envelope.
    const key = `register:${reference}`;
    const first = await send('registerApplication', reference, { ...envelope(), ...register }, { key });
    const firstProblem = conforms('registerApplication', first, reference);
    check('register: the answer keeps the schema and names the application', !firstProblem, firstProblem);
    const again = await send('registerApplication', reference, { ...envelope(), ...register }, { key });
    const same = (answer: Answer) => JSON.stringify({ ...(answer.body as object), MessageId: 0, SentAt: 0 });
    check(
      'idempotency: the same key and request get the first answer again',
      again.status === first.status && same(again) === same(first),
      `${again.status} ${JSON.stringify(again.body).slice(0, 200)}`,
    );
    const reused = await send(
      'registerApplication',
      reference,
      { ...envelope(), ...register, Application: { ...application, Amount: application.Amount * 2 } },
      { key },
    );
    check(
      'idempotency: the same key with another request is refused (422)',
      reused.status === 422,
      `HTTP ${reused.status}`,
    );
    const nobody = randomUUID();
    const unknown = await send('fetchDecision', nobody, { ...envelope(), ApplicationReference: nobody });
    check(
      'unknown application: a decision about it is 404',
      unknown.status === 404,
      `HTTP ${unknown.status}`,
    );

    const registered = (first.body as { Status?: string }).Status === 'registered';
    let offer: LenderApiOffer | undefined;
    if (!registered)
      skip(
        'decision: keeps the schema and the terms asked',
        'the lender did not register the sample application',
      );
    else {
      const deadline = Date.now() + (options.decisionWaitMs ?? 30_000);
      let decision: Answer;
      for (;;) {
        decision = await send('fetchDecision', reference, { ...envelope(), ApplicationReference: reference });
        if ((decision.body as { Status?: string }).Status !== 'pending' || Date.now() > deadline) break;
        await new Promise((wait) => setTimeout(wait, 250));
      }
      const problem = conforms('fetchDecision', decision, reference);
      const body = decision.body as { Status: string; Offers?: LenderApiOffer[] };
      const offerProblems =
        !problem && (body.Status === 'approved' || body.Status === 'counter-offer')
          ? decisionOfferProblems(
              { product: 'UnsecuredLoan', amount: application.Amount, durationMonths: 60 },
              body.Status,
              body.Offers ?? [],
            )
          : [];
      check(
        'decision: keeps the schema, and an approval is the terms asked',
        !problem && offerProblems.length === 0 && body.Status !== 'pending',
        problem ?? (offerProblems.join('; ') || `still ${body.Status}`),
      );
      offer = body.Offers?.[0];
    }

    if (!offer) skip('acceptance, payout decision and payout: keep the schema', 'no offer to accept');
    else {
      const quote = {
        ApplicationReference: reference,
        QuoteId: randomUUID(),
        LenderReference: (first.body as { LenderReference?: string }).LenderReference ?? null,
      };
      const acceptKey = `acceptance:${quote.QuoteId}`;
      const accepted = await send(
        'acceptOffer',
        reference,
        { ...envelope(), ...quote, Offer: offer },
        { key: acceptKey },
      );
      const acceptProblem = conforms('acceptOffer', accepted, reference);
      check(
        'acceptance: keeps the schema and names the offer',
        !acceptProblem && (accepted.body as { QuoteId?: string }).QuoteId === quote.QuoteId,
        acceptProblem,
      );
      const acceptedAgain = await send(
        'acceptOffer',
        reference,
        { ...envelope(), ...quote, Offer: offer },
        { key: acceptKey },
      );
      check(
        'idempotency: an acceptance repeated gets the first answer',
        same(acceptedAgain) === same(accepted),
      );
      // The agreement is signed before the payout (docs/decisions/0077): handed over, then its evidence.
      await checkAgreement(side, { quote, offer, currency: currency[country] });
      const payoutDecision = await send('requestDisbursementDecision', reference, {
        ...envelope(),
        ...quote,
      });
      const payoutDecisionProblem = conforms('requestDisbursementDecision', payoutDecision, reference);
      check('payout decision: keeps the schema', !payoutDecisionProblem, payoutDecisionProblem);
      const payout = await send(
        'disburse',
        reference,
        { ...envelope(), ...quote },
        { key: `disbursement:${quote.QuoteId}` },
      );
      const payoutProblem = conforms('disburse', payout, reference);
      check('payout: keeps the schema', !payoutProblem, payoutProblem);
      await checkNotices(side, quote, currency[country]);
    }
    await checkPrequalification(side, country, currency[country]);

    const slowest = Math.max(...latencies);
    check(
      `answer times: every answer within ${timeoutMs} ms (slowest ${slowest} ms)`,
      slowest <= timeoutMs,
      `slowest ${slowest} ms`,
    );

    // Callbacks: whatever arrived while the kit ran (and a little after).
    const waitUntil = Date.now() + (options.callbackWaitMs ?? 3_000);
    while (Date.now() < waitUntil && received.length < 4) await new Promise((wait) => setTimeout(wait, 100));
    if (received.length === 0)
      skip(
        'callbacks: signed, fresh, of the schema, about our application',
        'none arrived (a lender that answers only when asked sends none)',
      );
    else {
      const problems: string[] = [];
      for (const { raw, signature } of received) {
        const verified = verifyLenderSignature({
          header: signature,
          body: raw,
          secrets: [options.secret],
          now: new Date(),
        });
        if (!verified.ok) problems.push(`signature ${verified.reason}`);
        const parsed = lenderCallbackSchema.safeParse(JSON.parse(raw));
        if (!parsed.success) problems.push(`schema: ${parsed.error.issues[0]?.message}`);
        else {
          if (parsed.data.ApplicationReference !== reference) problems.push('names another application');
          if (options.lenderId && parsed.data.LenderId !== options.lenderId)
            problems.push(`names lender ${parsed.data.LenderId}`);
        }
      }
      check(
        `callbacks: ${received.length} received, signed, fresh, of the schema, about our application`,
        problems.length === 0,
        problems.join('; '),
      );
    }
  } catch (error) {
    check('the lender could be reached', false, error instanceof Error ? error.message : String(error));
  } finally {
    listener.closeAllConnections();
    await new Promise<void>((closed) => listener.close(() => closed()));
  }
  return results;
}

/** The results as the kit prints them, one line each, and the tally. */
export function formatConformance(results: readonly CheckResult[]): string {
  const mark = { pass: '✓', fail: '✗', skip: '–' } as const;
  const lines = results.map(
    (result) =>
      `${mark[result.outcome]} ${result.name}${result.detail && result.outcome !== 'pass' ? ` — ${result.detail}` : ''}`,
  );
  const count = (outcome: CheckResult['outcome']) =>
    results.filter((result) => result.outcome === outcome).length;
  lines.push('', `${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped`);
  return lines.join('\n');
}
