import { createHash, randomBytes } from 'node:crypto';
import { type BrandConfig, DEFAULT_BRAND_ID, getBrand } from '@nordloan/domain/brands/registry';
import type { Country } from '@nordloan/domain/enums';
import { stillApplyingStatuses } from '@nordloan/domain/statuses';
import type { Config } from '#src/config.ts';
import type { Db } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { fieldError, notFound, unauthorized } from '#src/lib/app-error.ts';
import { describeCaller, loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { type BrandWarningLog, storedBrand } from '#src/lib/stored-brand.ts';
import type { TokenService } from '#src/modules/auth/token.service.ts';
import { findCustomerById } from '#src/modules/customers/customer.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import {
  type LinkBase,
  linkBase,
  rememberLinkOrigin,
  storedLinkOrigin,
} from '#src/modules/messages/link-origin.service.ts';
import { channelAvailable, queueMessage, requireChannel } from '#src/modules/messages/message.service.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import {
  findLiveMagicLink,
  insertMagicLink,
  insertNotification,
  useMagicLink,
} from './magic-link.repository.ts';

// Magic links (docs/decisions/0010-magic-links.md): a 256-bit random token, stored only as its SHA-256,
// bound to one application, valid for 72 hours. The lookup (GET /loan-application/magic/{token}) does not
// use it up; the exchange for a JWT (POST /auth/magic-token) does, once. Wrong, used-up and expired tokens
// are indistinguishable to the caller.

export const MAGIC_LINK_TTL_MS = 72 * 60 * 60 * 1000;
/** Invalid, used-up or expired: one answer for the exchange (the lookup answers the generic 404). */
export const INVALID_MAGIC_TOKEN_MESSAGE = 'Invalid or expired magic token';

// 32 random bytes in base64url: 43 characters.
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export const hashMagicToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Statuses in which the applicant is still filling in the form (§4: Started, Pending co-applicant, Cloned). */
const stillApplying = new Set(stillApplyingStatuses);

/** The page to continue on, and on which of the brand's hosts it is served (the site or the personal page's). */
function pageFor(
  application: LoanApplicationRow,
  brand: BrandConfig,
): { path: string; host: keyof LinkBase } {
  const paths = brand.paths;
  const personalPage = { path: paths.myPage, host: 'personalPage' as const };
  if (!stillApplying.has(application.status)) return personalPage;
  const applyPath: Record<string, string | undefined> = {
    UnsecuredLoan: paths.applyUnsecured,
    SecuredLoan: paths.applySecured,
    DiscoveryLoan: paths.preCheck,
    // A card has no apply path of its own (§2): the one-form page, or else the unsecured-loan page, offers
    // it and resumes the applicant's active card application (web apply-bounds.ts applyProductsFor,
    // docs/decisions/0016). myPageCreditCard is the results view, for a card already applied for.
    CreditCard: paths.oneFormApply ?? paths.applyUnsecured,
  };
  const path = applyPath[application.product];
  return path ? { path, host: 'site' } : personalPage;
}

/**
 * The link: the address the product is served at (PUBLIC_BASE_URL when set, else the address the
 * applicant used — `origin` — when it is the brand's own, else the brand's form host; link-origin.service.ts),
 * the page to continue on, and the token in the fragment — a fragment is never sent to a server, so the
 * token stays out of access logs and Referer headers. The web app reads `magic` from the fragment (§2
 * start parameters).
 */
export function magicLinkUrl(
  config: Config,
  application: LoanApplicationRow,
  token: string,
  brand: BrandConfig,
  origin?: string | null,
): string {
  const page = pageFor(application, brand);
  return `${linkBase(config, brand, origin)[page.host]}${page.path}#magic=${token}`;
}

/** For answers and the notification record: enough to recognise the address, not to read it out. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  return `${recipient.slice(0, 3)}${'*'.repeat(Math.max(0, recipient.length - 5))}${recipient.slice(-2)}`;
}

async function recipientFor(db: Db, application: LoanApplicationRow, channel: 'email' | 'sms') {
  const customer = application.customerId ? await findCustomerById(db, application.customerId) : undefined;
  const person = application.personId ? await findPersonById(db, application.personId) : undefined;
  const address =
    channel === 'email' ? (customer?.email ?? person?.email) : (customer?.phone ?? person?.phone);
  if (!address) {
    throw fieldError(
      'Channel',
      channel === 'email'
        ? 'No e-mail address on file for this application'
        : 'No phone number on file for this application',
    );
  }
  return address;
}

/** §7 POST /loan-application/{id}/magic-link: the owner or staff send the applicant a link to continue. */
export async function createMagicLink(options: {
  db: Db;
  config: Config;
  caller: Caller;
  applicationId: string;
  channel: 'email' | 'sms';
  /** The address the request came to (originOfRequest): the link goes there when it is the brand's. */
  origin: string | null;
  now: Date;
  log: BrandWarningLog;
}) {
  const { db, config, caller, applicationId, channel, now, log } = options;
  const application = await loadApplicationForCaller({ db, caller, applicationId, access: 'write' });
  const to = await recipientFor(db, application, channel);
  const brand = storedBrand(application.brand, () => getBrand(DEFAULT_BRAND_ID), log, 'magic-link');
  if (!channelAvailable(config, channel)) {
    // Production without a provider for the channel: say so (503) rather than promise a message.
    await insertNotification(db, {
      kind: 'magic-link',
      channel,
      recipient: to,
      loanApplicationId: application.id,
      status: 'failed',
      createdAt: now,
    });
    requireChannel(config, channel);
  }
  // Staff send from the back office's host: then the address the applicant used is the one to link to.
  const origin = options.origin ?? (await storedLinkOrigin(db, application.id));
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + MAGIC_LINK_TTL_MS);

  // The link, its record and the message (through the outbox, ADR 0030) commit together: a crash before
  // the commit leaves no link that was never sent, one after it leaves a message the worker will send.
  const link = await db.transaction(async (tx) => {
    const link = await insertMagicLink(tx, {
      loanApplicationId: application.id,
      tokenHash: hashMagicToken(token),
      channel,
      expiresAt,
      createdBy: describeCaller(caller),
      createdAt: now,
    });
    await insertNotification(tx, {
      kind: 'magic-link',
      channel,
      recipient: to,
      loanApplicationId: application.id,
      magicLinkId: link.id,
      status: 'queued',
      createdAt: now,
    });
    await queueMessage(tx, {
      kind: 'magic-link',
      channel,
      recipient: to,
      brand,
      loanApplicationId: application.id,
      link: magicLinkUrl(config, application, token, brand, origin),
      idempotencyKey: `magic-link:${link.id}`,
      now,
    });
    await rememberLinkOrigin(tx, { config, application: { id: application.id, brand }, origin, now });
    return link;
  });
  return {
    ID: link.id,
    LoanApplicationID: application.id,
    Channel: channel,
    SentTo: maskRecipient(to),
    ExpiresAt: expiresAt.toISOString(),
  };
}

/** §7 GET /loan-application/magic/{magicToken} (no token): the application's ID; does not use the link up. */
export async function applicationIdForMagicToken(options: { db: Db; magicToken: string; now: Date }) {
  const { db, magicToken, now } = options;
  if (!TOKEN_FORMAT.test(magicToken)) throw notFound();
  const link = await findLiveMagicLink(db, hashMagicToken(magicToken), now);
  if (!link) throw notFound();
  return { ID: link.loanApplicationId };
}

/**
 * The §7 magic-token exchange (POST /auth/magic-token): uses the link up and signs a customer-scoped token
 * for the application's customer and main applicant (§3 magic-token response: JWT, CustomerID, PersonID).
 */
export async function exchangeMagicToken(options: {
  db: Db;
  tokens: TokenService;
  magicToken: string;
  now: Date;
}) {
  const { db, tokens, magicToken, now } = options;
  if (!TOKEN_FORMAT.test(magicToken)) throw unauthorized(INVALID_MAGIC_TOKEN_MESSAGE);
  const link = await useMagicLink(db, hashMagicToken(magicToken), now);
  if (!link) throw unauthorized(INVALID_MAGIC_TOKEN_MESSAGE);
  const application = await findApplicationById(db, link.loanApplicationId);
  if (!application || (!application.customerId && !application.personId)) {
    throw unauthorized(INVALID_MAGIC_TOKEN_MESSAGE);
  }
  const country = application.country as Country;
  // A customer-scoped token when the application has a customer; else an unscoped person token (§4).
  const role = application.customerId ? 'Customer' : 'Person';
  const JWT = await tokens.sign({
    CustomerID: application.customerId ?? undefined,
    PersonID: application.personId ?? undefined,
    Roles: [{ Name: role, Country: country }],
  });
  return { JWT, CustomerID: application.customerId, PersonID: application.personId };
}
