import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl (no tokens or national ids in logs)', () => {
  it('hides a magic token in the path', () => {
    expect(redactUrl('/loan-application/magic/abcDEF123')).toBe('/loan-application/magic/[redacted]');
  });

  it('hides token, national id and e-mail query values, keeping the other parameters', () => {
    const redacted = redactUrl('/customer?email=a%40b.example&token=xyz&nationalId=01018512345&page=2');
    expect(redacted).not.toContain('xyz');
    expect(redacted).not.toContain('01018512345');
    expect(redacted).not.toContain('a%40b');
    expect(redacted).toContain('page=2');
  });

  it('leaves an ordinary URL as it is', () => {
    expect(redactUrl('/loan-application/123/revisions?status=100')).toBe(
      '/loan-application/123/revisions?status=100',
    );
  });
});
