import { describe, expect, it } from 'vitest';
import { messages as nbNO } from '#src/features/apply/messages/nb-NO.ts';
import { ApiError } from '#src/shared/api/http.ts';
import { refusalReasons, refusalText } from './server-refusal.ts';

// Issue 38: a refusal is shown with its reason — the §8 body's Message, in the applicant's language when it
// is one we know — and "could not save" only when there was no answer at all.

const t = (key: string, options?: Record<string, unknown>) => {
  const text = key
    .replace(/^apply\./, '')
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], nbNO) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ''));
};
const refused = (status: number, body: unknown) => new ApiError(`Error patching x: ${status}`, status, body);

describe('a refusal from the server', () => {
  it('is said in the brand language when the message is known', () => {
    const error = refused(409, { Bad: true, Errors: [], Message: 'Application can no longer be changed' });
    expect(refusalText(error, t)).toBe(
      'Vi kunne ikke lagre dette. Søknaden er sendt og kan ikke endres lenger.',
    );
  });

  it("gives the field messages of a bad result, and the server's own words when unknown", () => {
    const error = refused(400, {
      Bad: true,
      Message: 'Validation failed',
      Errors: [{ Field: 'Address.PostalCode', Message: 'Not a postal code' }],
    });
    expect(refusalReasons(error)).toEqual([{ text: 'Not a postal code' }]);
    expect(refusalText(error, t)).toBe('Vi kunne ikke lagre dette. Not a postal code');
  });

  it('is "could not save" only without an answer (the network)', () => {
    expect(refusalText(new TypeError('Failed to fetch'), t)).toBe(nbNO.errors.saveFailed);
    expect(refusalText(refused(500, undefined), t)).toBe(nbNO.errors.saveFailed);
  });
});
