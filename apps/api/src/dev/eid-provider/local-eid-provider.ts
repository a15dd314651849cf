import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Country } from '@nordloan/domain/enums';
import { validateNationalId } from '@nordloan/domain/national-id';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { OidcProviderConfig, OidcProviderId } from '#src/config.ts';
import { countryClaim, nationalIdClaim, staffRolesClaim, staffScope } from '#src/lib/oidc-claims.ts';
import { renderIdentityPage } from './identity-page.ts';
import { eidNameOf, testPeople, testStaff } from './test-identities.ts';

// The local e-ID provider (issue 11, docs/decisions/0029): a real OpenID Connect provider (oidc-provider)
// that stands in for BankID NO, BankID SE, FTN and MitID — and the staff's workforce provider — outside
// production. One issuer per provider on one port (`http://localhost:3001/no`, …/se, …/fi, …/dk,
// …/staff); each has the API's client registered (code flow, PKCE required, client secret) and an
// identity page that lists test identities and takes any valid national id. The API talks to it exactly
// as to the real ones: discovery, authorization request, code exchange, ID token signed with its JWKS.

export interface LocalEidProvider {
  port: number;
  /** The issuer URL of each provider. */
  issuers: Record<OidcProviderId, string>;
  close(): Promise<void>;
}

/** The callback path our API registers with every provider (apps/api/src/modules/auth/oidc.routes.ts). */
const callbackPath = '/auth/oidc/callback';

// Hosts the API may call back on locally: the brand hosts (`<brand>.localhost`, `mine.<brand>.localhost`),
// plain localhost and the loopback address, any port. The real providers register each production host.
function isLocalCallback(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  const host = url.hostname;
  const localHost = host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1';
  return url.protocol === 'http:' && localHost && url.pathname === callbackPath && !url.search && !url.hash;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http://localhost:* http://*.localhost:* http://127.0.0.1:*",
  });
  response.end(html);
}

const accountPrefix = { staff: 'staff:' } as const;

/**
 * The e-IDs give each person an opaque subject, not their national id (that is a claim of its own). Here
 * the subject is a keyed hash of the id, remembered for the provider's lifetime to find the person again.
 */
function createSubjects(secret: string) {
  const nationalIdBySubject = new Map<string, string>();
  return {
    subjectFor(country: Country, nationalId: string): string {
      const subject = `${country.toLowerCase()}-${createHmac('sha256', secret).update(`${country}:${nationalId}`).digest('base64url').slice(0, 27)}`;
      nationalIdBySubject.set(subject, nationalId);
      return subject;
    },
    nationalIdOf: (subject: string) => nationalIdBySubject.get(subject),
  };
}
type Subjects = ReturnType<typeof createSubjects>;

async function buildProvider(options: {
  id: OidcProviderId;
  issuer: string;
  client: OidcProviderConfig;
  signingJwk: Record<string, unknown>;
  cookieKeys: string[];
  subjects: Subjects;
}): Promise<Provider> {
  const { id, client } = options;
  const staff = testStaff();
  const isStaff = id === 'staff';
  const acrValues = client.acrValues.split(' ').filter(Boolean);
  const mountPath = new URL(options.issuer).pathname;

  const configuration: Configuration = {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        // Checked by isLocalCallback below (any local brand host and port).
        redirect_uris: [`http://localhost${callbackPath}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    acrValues,
    scopes: isStaff ? ['openid', 'profile', staffScope] : ['openid', 'profile'],
    claims: isStaff
      ? { openid: ['sub'], profile: ['name', 'email'], [staffScope]: [staffRolesClaim, countryClaim] }
      : {
          openid: ['sub'],
          profile: ['name', 'given_name', 'family_name', 'birthdate', nationalIdClaim, countryClaim],
        },
    // The e-ID brokers put the identity in the ID token itself (no userinfo call needed).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, userinfo: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    cookies: {
      keys: options.cookieKeys,
      // One host serves five providers: each keeps its own cookies.
      names: {
        session: `_${id}_session`,
        interaction: `_${id}_interaction`,
        resume: `_${id}_interaction_resume`,
      },
    },
    jwks: { keys: [options.signingJwk] },
    ttl: {
      AuthorizationCode: 60,
      IdToken: 600,
      AccessToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    async findAccount(_ctx, sub) {
      if (isStaff) {
        const member = staff.find((candidate) => `${accountPrefix.staff}${candidate.employeeId}` === sub);
        if (!member) return undefined;
        return {
          accountId: sub,
          claims: async () => ({
            sub,
            name: member.name,
            email: member.email,
            [countryClaim]: member.country,
            [staffRolesClaim]: member.roles,
          }),
        };
      }
      const country = id as Country;
      const nationalId = options.subjects.nationalIdOf(sub);
      const checked = validateNationalId(country, nationalId ?? '');
      if (!nationalId || !checked.valid) return undefined;
      // A real e-ID names every person it identifies; the stand-in too (a test person's name, or one made
      // from the number), so the apply journey shows the name it got instead of asking (issue 38).
      const named = eidNameOf(country, checked.normalized);
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          [nationalIdClaim]: checked.normalized,
          [countryClaim]: country,
          birthdate: checked.birthDate,
          name: `${named.givenName} ${named.familyName}`,
          given_name: named.givenName,
          family_name: named.familyName,
        }),
      };
    },
    // Our clients are first-party: no consent screen, the requested scopes are granted.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const oidc = ctx.oidc;
      const grantId = oidc.result?.consent?.grantId || oidc.session?.grantIdFor(oidc.client!.clientId);
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (!oidc.session?.accountId) return undefined;
      const grant = new oidc.provider.Grant({
        clientId: oidc.client!.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope(isStaff ? `openid profile ${staffScope}` : 'openid profile');
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      const details = Object.entries(out)
        .map(([key, value]) => `<p>${key}: ${String(value).replace(/[<>&"]/g, '')}</p>`)
        .join('');
      ctx.body = `<!doctype html><html lang="en"><head><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1>${details}</main></body></html>`;
    },
  };

  const provider = new Provider(options.issuer, configuration);
  const Client = provider.Client as unknown as { prototype: { redirectUriAllowed(uri: string): boolean } };
  Client.prototype.redirectUriAllowed = isLocalCallback;
  return provider;
}

export async function startLocalEidProvider(options: {
  host: string;
  port: number;
  clients: Partial<Record<OidcProviderId, OidcProviderConfig>>;
  log?: (message: string) => void;
}): Promise<LocalEidProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'local-e-id' };
  const cookieKeys = [randomBytes(32).toString('hex')];
  const subjects = createSubjects(randomBytes(32).toString('hex'));

  const server: Server = createServer();
  await new Promise<void>((listening) => server.listen(options.port, options.host, listening));
  const port = (server.address() as AddressInfo).port;

  const providers = new Map<
    string,
    { id: OidcProviderId; provider: Provider; subjects: Subjects; handle: ReturnType<Provider['callback']> }
  >();
  const issuers = {} as Record<OidcProviderId, string>;
  for (const [id, client] of Object.entries(options.clients) as [OidcProviderId, OidcProviderConfig][]) {
    // The issuer is on this server (the config's default, or a free port chosen just now).
    const segment = id.toLowerCase();
    const issuer = `http://localhost:${port}/${segment}`;
    const provider = await buildProvider({ id, issuer, client, signingJwk, cookieKeys, subjects });
    providers.set(segment, { id, provider, subjects, handle: provider.callback() });
    issuers[id] = issuer;
  }

  server.on('request', async (request: IncomingMessage, response: ServerResponse) => {
    try {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const [, segment = '', ...rest] = url.pathname.split('/');
      const entry = providers.get(segment);
      if (!entry) {
        sendHtml(
          response,
          404,
          '<!doctype html><html lang="en"><title>Not found</title><h1>Not found</h1></html>',
        );
        return;
      }
      if (rest[0] === 'interaction' && rest[1]) {
        await handleInteraction(entry, rest.slice(1), request, response);
        return;
      }
      // Mounted under /<segment>: oidc-provider reads the mount path from originalUrl.
      (request as IncomingMessage & { originalUrl?: string }).originalUrl = request.url;
      request.url = request.url!.slice(segment.length + 1) || '/';
      entry.handle(request, response);
    } catch (error) {
      options.log?.(`local e-ID provider: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent)
        sendHtml(
          response,
          400,
          '<!doctype html><html lang="en"><title>Error</title><h1>Sign-in error</h1></html>',
        );
      else response.end();
    }
  });

  return {
    port,
    issuers,
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

async function handleInteraction(
  { id, provider, subjects }: { id: OidcProviderId; provider: Provider; subjects: Subjects },
  path: string[],
  request: IncomingMessage,
  response: ServerResponse,
) {
  const [uid, action] = path;
  const details = await provider.interactionDetails(request, response);
  if (details.uid !== uid) throw new Error('interaction mismatch');
  const pageAction = `/${id.toLowerCase()}/interaction/${uid}`;
  const page = (status: number, extra: { error?: boolean; typedValue?: string } = {}) =>
    sendHtml(
      response,
      status,
      renderIdentityPage({
        provider: id,
        action: pageAction,
        people: id === 'staff' ? [] : testPeople(id),
        staff: testStaff(),
        ...extra,
      }),
    );

  if (request.method === 'GET' && !action) return page(200);
  if (request.method !== 'POST') return page(405);

  if (action === 'cancel') {
    return provider.interactionFinished(
      request,
      response,
      { error: 'access_denied', error_description: 'The user cancelled the login' },
      { mergeWithLastSubmission: false },
    );
  }
  if (action !== 'login') return page(404);

  const form = await readForm(request);
  const acr = (details.params.acr_values as string | undefined)?.split(' ')[0];
  if (id === 'staff') {
    const member = testStaff().find((candidate) => candidate.employeeId === form.get('employeeId'));
    if (!member) return page(400, { error: true });
    return provider.interactionFinished(
      request,
      response,
      { login: { accountId: `${accountPrefix.staff}${member.employeeId}` } },
      { mergeWithLastSubmission: false },
    );
  }
  const typed = form.get('nationalId') ?? '';
  const checked = validateNationalId(id, typed);
  if (!checked.valid) return page(400, { error: true, typedValue: typed });
  return provider.interactionFinished(
    request,
    response,
    {
      login: {
        accountId: subjects.subjectFor(id, checked.normalized),
        ...(acr ? { acr } : {}),
        amr: ['eid'],
      },
    },
    { mergeWithLastSubmission: false },
  );
}
