import { createHash, randomBytes } from 'node:crypto';
import { type BrandConfig, DEFAULT_BRAND_ID, getBrand } from '@nordloan/domain/brands/registry';
import type { Country } from '@nordloan/domain/enums';
import type { Config } from '#src/config.ts';
import type { Db } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { fieldError, notFound, unauthorized } from '#src/lib/app-error.ts';
import { describeCaller, loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { type BrandWarningLog, storedBrand } from '#src/lib/stored-brand.ts';
import type { TokenService } from '#src/modules/auth/token.service.ts';
import { findCustomerById } from '#src/modules/customers/customer.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/loan-application.repository.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import {
  findLiveMagicLink,
  insertMagicLink,
  insertNotification,
  markNotificationFailed,
  useMagicLink,
} from './magic-link.repository.ts';
import type { MessageSender } from './outbox.ts';

// The message sender is this module's; other modules (the back office's magic-link resend) reach it here.
export { type MessageSender, messageSenderFor } from './outbox.ts';

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
const stillApplying = new Set([100, 155, 161]);

function pathFor(application: LoanApplicationRow, brand: BrandConfig): string {
  const paths = brand.paths;
  if (!stillApplying.has(application.status)) return paths.myPage;
  const applyPath: Record<string, string | undefined> = {
    UnsecuredLoan: paths.applyUnsecured,
    SecuredLoan: paths.applySecured,
    DiscoveryLoan: paths.preCheck,
    // A card has no apply path of its own (§2): the one-form page, or else the unsecured-loan page, offers
    // it and resumes the applicant's active card application (web apply-bounds.ts applyProductsFor,
    // docs/decisions/0016). myPageCreditCard is the results view, for a card already applied for.
    CreditCard: paths.oneFormApply ?? paths.applyUnsecured,
  };
  return applyPath[application.product] ?? paths.myPage;
}

/**
 * The link: the brand's address (PUBLIC_BASE_URL when set), the page to continue on, and the token in the
 * fragment — a fragment is never sent to a server, so the token stays out of access logs and Referer
 * headers. The web app reads `magic` from the fragment (§2 start parameters).
 */
export function magicLinkUrl(
  config: Config,
  application: LoanApplicationRow,
  token: string,
  brand: BrandConfig,
): string {
  const base = (config.publicBaseUrl ?? brand.environments[config.env].formHost).replace(/\/$/, '');
  return `${base}${pathFor(application, brand)}#magic=${token}`;
}

const texts: Record<Country, { subject: string; email: string; sms: string }> = {
  NO: {
    subject: 'Fortsett søknaden din hos {brand}',
    email:
      'Hei!\n\nHer er lenken for å fortsette søknaden din hos {brand}:\n{link}\n\nLenken virker i 72 timer og kan brukes én gang. Har du ikke bedt om den, kan du se bort fra denne e-posten.',
    sms: '{brand}: fortsett søknaden din her: {link} (gjelder i 72 timer)',
  },
  SE: {
    subject: 'Fortsätt din ansökan hos {brand}',
    email:
      'Hej!\n\nHär är länken för att fortsätta din ansökan hos {brand}:\n{link}\n\nLänken gäller i 72 timmar och kan användas en gång. Om du inte har bett om den kan du bortse från det här mejlet.',
    sms: '{brand}: fortsätt din ansökan här: {link} (gäller i 72 timmar)',
  },
  FI: {
    subject: 'Jatka hakemustasi – {brand}',
    email:
      'Hei!\n\nTästä linkistä voit jatkaa hakemustasi ({brand}):\n{link}\n\nLinkki on voimassa 72 tuntia ja toimii kerran. Jos et pyytänyt linkkiä, voit jättää tämän viestin huomiotta.',
    sms: '{brand}: jatka hakemustasi: {link} (voimassa 72 tuntia)',
  },
  DK: {
    subject: 'Fortsæt din ansøgning hos {brand}',
    email:
      'Hej!\n\nHer er linket til at fortsætte din ansøgning hos {brand}:\n{link}\n\nLinket virker i 72 timer og kan bruges én gang. Har du ikke bedt om det, kan du se bort fra denne e-mail.',
    sms: '{brand}: fortsæt din ansøgning her: {link} (gælder i 72 timer)',
  },
};

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
  sender: MessageSender;
  caller: Caller;
  applicationId: string;
  channel: 'email' | 'sms';
  now: Date;
  log: BrandWarningLog;
}) {
  const { db, config, sender, caller, applicationId, channel, now, log } = options;
  const application = await loadApplicationForCaller({ db, caller, applicationId, access: 'write' });
  const to = await recipientFor(db, application, channel);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + MAGIC_LINK_TTL_MS);

  const { link, notice } = await db.transaction(async (tx) => {
    const link = await insertMagicLink(tx, {
      loanApplicationId: application.id,
      tokenHash: hashMagicToken(token),
      channel,
      expiresAt,
      createdBy: describeCaller(caller),
      createdAt: now,
    });
    const notice = await insertNotification(tx, {
      kind: 'magic-link',
      channel,
      recipient: to,
      loanApplicationId: application.id,
      magicLinkId: link.id,
      status: 'sent',
      createdAt: now,
    });
    return { link, notice };
  });

  const brand = storedBrand(application.brand, () => getBrand(DEFAULT_BRAND_ID), log, 'magic-link');
  const text = texts[brand.country];
  const fill = (template: string) =>
    template
      .replaceAll('{brand}', brand.name)
      .replaceAll('{link}', magicLinkUrl(config, application, token, brand));
  try {
    await sender.send({
      channel,
      to,
      subject: channel === 'email' ? fill(text.subject) : null,
      body: fill(channel === 'email' ? text.email : text.sms),
    });
  } catch (error) {
    await markNotificationFailed(db, notice.id);
    throw error;
  }
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
