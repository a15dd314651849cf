import { describe, expect, it, vi } from 'vitest';
import {
  emptyStartParameters,
  readAndCleanStartParameters,
  readStartParameters,
} from '#src/session/start-params.ts';

const remote = { isLocalHost: false };
const read = (href: string) => readStartParameters(href, remote);

describe('§2 start parameters', () => {
  it('application id from the query parameter aid', () => {
    expect(read('https://no-main.localhost/soknad/forbrukslan?aid=app-1').params.applicationId).toBe('app-1');
  });

  it('application id from the query parameter id', () => {
    expect(read('https://x.test/?id=app-2').params.applicationId).toBe('app-2');
  });

  it('aid wins over id when both are given', () => {
    expect(read('https://x.test/?aid=a&id=b').params.applicationId).toBe('a');
  });

  it('access token from the hash parameter t', () => {
    const { params } = read('https://x.test/#t=tok-t');
    expect(params.accessToken).toBe('tok-t');
    expect(params.accessTokenSource).toBe('hash');
  });

  it('access token from the hash parameter token', () => {
    expect(read('https://x.test/#token=tok-h').params.accessToken).toBe('tok-h');
  });

  it('access token from the query parameter token when the hash has none', () => {
    const { params } = read('https://x.test/?token=tok-q');
    expect(params.accessToken).toBe('tok-q');
    expect(params.accessTokenSource).toBe('query');
  });

  it('the hash token wins over the query token', () => {
    expect(read('https://x.test/?token=q#token=h').params.accessToken).toBe('h');
  });

  it('a magic token in the page start is read (hash or query parameter magic)', () => {
    expect(read('https://x.test/#magic=m1').params.magicToken).toBe('m1');
    expect(read('https://x.test/?magic=m2').params.magicToken).toBe('m2');
  });

  it('auth-origin is accepted as global', () => {
    expect(read('https://x.test/?auth-origin=global').params.authOrigin).toBe('global');
  });

  it('auth-origin is accepted as local', () => {
    expect(read('https://x.test/?auth-origin=local').params.authOrigin).toBe('local');
  });

  it('any other auth-origin value is ignored', () => {
    for (const value of ['GLOBAL', 'remote', '', 'local ']) {
      expect(read(`https://x.test/?auth-origin=${encodeURIComponent(value)}`).params.authOrigin).toBeNull();
    }
  });

  it('provider-name accompanies an identity-provider token in the fragment', () => {
    const { params } = read('https://x.test/mine-tilbud#token=idp-tok&provider-name=bankid-no');
    expect(params.providerName).toBe('bankid-no');
    expect(params.accessToken).toBe('idp-tok');
  });

  it('an e-ID login that came back without a token: its reason is read and removed (ADR 0039)', () => {
    const reading = read('https://x.test/ansok?utm_source=x#eid-error=cancelled');
    expect(reading.params.eidError).toBe('cancelled');
    expect(reading.params.accessToken).toBeNull();
    expect(reading.cleanedUrl).toBe('https://x.test/ansok?utm_source=x');
    // Only the three known reasons; anything else is ignored (and still removed).
    expect(read('https://x.test/#eid-error=<script>').params.eidError).toBeNull();
  });

  it('traffic=internal sets isInternal', () => {
    expect(read('https://x.test/?traffic=internal').params.isInternal).toBe(true);
    expect(read('https://x.test/?traffic=external').params.isInternal).toBe(false);
    expect(read('https://x.test/').params.isInternal).toBe(false);
  });

  it('empty values count as absent', () => {
    expect(read('https://x.test/?aid=&token=#t=').params).toEqual(emptyStartParameters);
  });

  it('on a local host all start parameters are ignored', () => {
    const reading = readStartParameters(
      'http://localhost:3000/?aid=a&traffic=internal&auth-origin=global#token=t&provider-name=p',
      {
        isLocalHost: true,
      },
    );
    expect(reading.params).toEqual(emptyStartParameters);
    expect(reading.cleanedUrl).toBeNull();
  });
});

describe('§2 credentials and ids are removed from the URL after they are read', () => {
  it('removes the hash token and provider, leaving no empty fragment', () => {
    expect(read('https://x.test/mine-tilbud#token=t&provider-name=p').cleanedUrl).toBe(
      'https://x.test/mine-tilbud',
    );
  });

  it('removes aid, id, token, magic and auth-origin from the query, keeping other parameters', () => {
    expect(
      read('https://x.test/a?aid=1&utm_source=mail&token=t&id=2&magic=m&auth-origin=local&traffic=internal')
        .cleanedUrl,
    ).toBe('https://x.test/a?utm_source=mail&traffic=internal');
  });

  it('keeps a plain anchor fragment', () => {
    expect(read('https://x.test/a?aid=1#summary').cleanedUrl).toBe('https://x.test/a#summary');
  });

  it('keeps other fragment parameters', () => {
    expect(read('https://x.test/a#t=tok&step=2').cleanedUrl).toBe('https://x.test/a#step=2');
  });

  it('answers null when there is nothing to remove', () => {
    expect(read('https://x.test/a?traffic=internal#summary').cleanedUrl).toBeNull();
  });

  it('readAndCleanStartParameters replaces the address with history.replaceState', () => {
    const replaceState = vi.fn();
    const params = readAndCleanStartParameters(
      {
        location: { href: 'https://x.test/p?aid=9#t=tok' } as Location,
        history: { state: { k: 1 }, replaceState } as unknown as History,
      },
      remote,
    );
    expect(params.applicationId).toBe('9');
    expect(replaceState).toHaveBeenCalledWith({ k: 1 }, '', 'https://x.test/p');
  });

  it('readAndCleanStartParameters leaves the history alone when nothing was read', () => {
    const replaceState = vi.fn();
    readAndCleanStartParameters(
      {
        location: { href: 'https://x.test/p' } as Location,
        history: { state: null, replaceState } as unknown as History,
      },
      remote,
    );
    expect(replaceState).not.toHaveBeenCalled();
  });
});
