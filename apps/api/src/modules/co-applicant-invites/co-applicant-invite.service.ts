import { createHash, randomBytes } from 'node:crypto';
import type { BrandConfig } from '@nordloan/domain/brands/registry';
import type { CoApplicantInviteStatus, CoApplicantInviteView } from '@nordloan/domain/co-applicant-invite';
import { type ApplicationStatusCode, isTerminalStatus } from '@nordloan/domain/statuses';
import type { Config } from '#src/config.ts';
import type { Db } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { AppError, conflict, forbidden, unauthorized } from '#src/lib/app-error.ts';
import { applicantRoleOf, describeCaller, loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import type { BrandWarningLog } from '#src/lib/stored-brand.ts';
import { giveMasterConsent } from '#src/modules/consent/consent.service.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { maskRecipient } from '#src/modules/magic-links/magic-link.service.ts';
import { storedLinkOrigin } from '#src/modules/messages/link-origin.service.ts';
import {
  brandOfApplication,
  type MessageChannel,
  personalPageUrl,
  queueMessage,
  requireChannel,
} from '#src/modules/messages/message.service.ts';
import type { ContentStore } from '#src/modules/terms/content.repository.ts';
import {
  type CoApplicantInviteRow,
  countInvitesSince,
  findLatestInvite,
  findLiveInvite,
  insertInvite,
  markInviteAccepted,
  revokeOpenInvites,
} from './co-applicant-invite.repository.ts';

// Co-applicant invites (issue 13 item 8; docs/decisions/0038-co-applicant-invite.md). The main applicant
// sends the co-applicant a link by e-mail and/or SMS; the co-applicant signs in with their own e-ID, and
// the accept checks that the signed-in person IS the co-applicant on the application (same person record,
// i.e. the same national identity number) before recording their own consent and using the invite up.

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Invites per application in any 24 hours: enough to fix a typo or resend, too few to spam someone. */
export const INVITES_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export const ONLY_MAIN_APPLICANT_MESSAGE = 'Only the main applicant invites a co-applicant';
export const INVALID_INVITE_MESSAGE = 'Invalid or expired invite';
export const WRONG_PERSON_MESSAGE = 'This invite is for another person';
export const SIGN_IN_WITH_EID_MESSAGE = 'Sign in with your e-ID first';

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
const hashInviteToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The landing page: under the brand's personal page, the token in the fragment (never sent to a server).
 * At the address the product is served at (link-origin.service.ts): PUBLIC_BASE_URL as given, else the
 * address the main applicant used (`origin`) when it is the brand's own, else the brand's form host — on
 * the personal page's own host (`mine.<host>`, brands.md) for a brand that has one.
 */
export function inviteUrl(config: Config, brand: BrandConfig, token: string, origin?: string | null): string {
  const page = new URL(personalPageUrl(config, brand, origin));
  return `${page.origin}${page.pathname.replace(/\/$/, '')}/invite#invite=${token}`;
}

export type InviteStatus = CoApplicantInviteStatus;

export type InviteView = CoApplicantInviteView;

function toView(applicationId: string, row: CoApplicantInviteRow | undefined, now: Date): InviteView {
  if (!row) {
    return {
      LoanApplicationID: applicationId,
      Status: 'none',
      SentToEmail: null,
      SentToPhone: null,
      CreatedAt: null,
      ExpiresAt: null,
      AcceptedAt: null,
    };
  }
  const status: InviteStatus = row.acceptedAt ? 'accepted' : row.expiresAt <= now ? 'expired' : 'sent';
  return {
    LoanApplicationID: applicationId,
    Status: status,
    SentToEmail: row.maskedEmail,
    SentToPhone: row.maskedPhone,
    CreatedAt: row.createdAt.toISOString(),
    ExpiresAt: row.expiresAt.toISOString(),
    AcceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

const isEnded = (application: LoanApplicationRow) =>
  isTerminalStatus(application.status as ApplicationStatusCode);

/** The main applicant's own application, for the invite routes: staff and the co-applicant are refused. */
async function loadAsMainApplicant(db: Db, caller: Caller, applicationId: string, access: 'read' | 'write') {
  const application = await loadApplicationForCaller({ db, caller, applicationId, access });
  if (applicantRoleOf(caller, application) !== 'MainApplicant') throw forbidden(ONLY_MAIN_APPLICANT_MESSAGE);
  return application;
}

/** POST /loan-application/{id}/co-applicant-invite. */
export async function createInvite(options: {
  db: Db;
  config: Config;
  caller: Caller;
  applicationId: string;
  input: { Email?: string | undefined; Phone?: string | undefined };
  /** The address the request came to (originOfRequest); the link goes there when it is the brand's. */
  origin: string | null;
  now: Date;
}): Promise<InviteView> {
  const { db, config, caller, applicationId, input, now } = options;
  const application = await loadAsMainApplicant(db, caller, applicationId, 'write');
  if (isEnded(application)) throw conflict('This application has ended');
  if (!application.coApplicantPersonId) {
    throw conflict('Add the co-applicant to the application before inviting them');
  }
  const recipients: [MessageChannel, string][] = [];
  if (input.Email) recipients.push(['email', input.Email]);
  if (input.Phone) recipients.push(['sms', input.Phone]);
  for (const [channel] of recipients) requireChannel(config, channel);
  const brand = brandOfApplication(application);
  const token = randomBytes(32).toString('base64url');
  const origin = options.origin ?? (await storedLinkOrigin(db, application.id));
  const link = inviteUrl(config, brand, token, origin);

  const row = await db.transaction(async (tx) => {
    if ((await countInvitesSince(tx, application.id, new Date(now.getTime() - DAY_MS))) >= INVITES_PER_DAY) {
      throw new AppError(429, 'Too many invites for this application today; try again tomorrow');
    }
    // The link, the revocation of the one before and the messages commit together (outbox, ADR 0030).
    await revokeOpenInvites(tx, application.id, now);
    const invite = await insertInvite(tx, {
      loanApplicationId: application.id,
      tokenHash: hashInviteToken(token),
      maskedEmail: input.Email ? maskRecipient(input.Email) : null,
      maskedPhone: input.Phone ? maskRecipient(input.Phone) : null,
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
      createdBy: describeCaller(caller),
      createdAt: now,
    });
    for (const [channel, recipient] of recipients) {
      await queueMessage(tx, {
        kind: 'co-applicant-invite',
        channel,
        recipient,
        brand,
        loanApplicationId: application.id,
        link,
        idempotencyKey: `co-applicant-invite:${invite.id}:${channel}`,
        now,
      });
    }
    return invite;
  });
  return toView(application.id, row, now);
}

/** GET /loan-application/{id}/co-applicant-invite: the newest invite's status, for the main applicant. */
export async function getInviteStatus(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  now: Date;
}): Promise<InviteView> {
  const { db, caller, applicationId, now } = options;
  const application = await loadAsMainApplicant(db, caller, applicationId, 'read');
  return toView(application.id, await findLatestInvite(db, application.id), now);
}

/**
 * POST /co-applicant-invite/accept: the co-applicant, signed in with their own e-ID, takes the invite up and
 * gives their own consent (recorded under their own customer through the consent module, ADR 0011).
 * Checked first, without changing anything: the token is live, the application not ended, the caller the
 * co-applicant. Then the consent, then the invite is used up atomically (a lost race answers as used).
 */
export async function acceptInvite(options: {
  db: Db;
  store: ContentStore;
  caller: Caller;
  token: string;
  textVersion?: string | undefined;
  now: Date;
  log: BrandWarningLog;
}) {
  const { db, store, caller, token, now, log } = options;
  if (caller.kind === 'staff') throw forbidden('Only the invited co-applicant accepts an invite');
  if (!TOKEN_FORMAT.test(token)) throw unauthorized(INVALID_INVITE_MESSAGE);
  const tokenHash = hashInviteToken(token);
  const invite = await findLiveInvite(db, tokenHash, now);
  if (!invite) throw unauthorized(INVALID_INVITE_MESSAGE);
  const application = await findApplicationById(db, invite.loanApplicationId);
  if (!application || isEnded(application)) throw unauthorized(INVALID_INVITE_MESSAGE);
  // The person record is keyed by the national identity number (person.repository): the e-ID login's
  // person is the co-applicant exactly when their numbers match.
  if (
    !caller.personId ||
    caller.personId !== application.coApplicantPersonId ||
    caller.personId === application.personId
  ) {
    throw forbidden(WRONG_PERSON_MESSAGE);
  }
  if (!caller.customerId) throw forbidden(SIGN_IN_WITH_EID_MESSAGE);
  const consent = await giveMasterConsent({
    db,
    store,
    caller,
    input: {
      CustomerID: caller.customerId,
      Brand: application.brand,
      Status: 'given',
      Purpose: 'transactional',
      ...(options.textVersion ? { TextVersion: options.textVersion } : {}),
    },
    now,
    log,
  });
  const accepted = await markInviteAccepted(db, tokenHash, { acceptedBy: describeCaller(caller), now });
  if (!accepted) throw unauthorized(INVALID_INVITE_MESSAGE);
  return {
    LoanApplicationID: application.id,
    AcceptedAt: now.toISOString(),
    ConsentBrand: consent.ConsentBrand,
  };
}
