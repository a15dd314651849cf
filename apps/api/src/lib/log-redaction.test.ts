import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorSerializer, redactUrl } from './log-redaction.ts';

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

  it('hides staff search terms and a national id typed into a path, of every country', () => {
    expect(redactUrl('/backoffice/search?q=01018512345&limit=10')).toBe(
      '/backoffice/search?q=%5Bredacted%5D&limit=10',
    );
    expect(redactUrl('/auth/oidc/callback?code=c0de&state=st4te&iss=http%3A%2F%2Flocalhost')).toBe(
      '/auth/oidc/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=http%3A%2F%2Flocalhost',
    );
    for (const id of [
      '01018512345',
      '198506152384',
      '19850615-2384',
      '850615-2384',
      '150685-123A',
      '1506851234',
    ]) {
      expect(redactUrl(`/person/${id}`), id).toBe('/person/[redacted]');
      expect(redactUrl(`/person/${id}/consents`), id).toBe('/person/[redacted]/consents');
    }
  });

  it('leaves an ordinary URL as it is', () => {
    expect(redactUrl('/loan-application/123/revisions?status=100')).toBe(
      '/loan-application/123/revisions?status=100',
    );
  });
});

describe('errorSerializer (no statement parameters in logs)', () => {
  const snapshot = JSON.stringify({ EmployerName: 'Fjordverket AS', NationalID: '15068512345' });
  const databaseError = Object.assign(new Error('deadlock detected'), { code: '40P01' });
  const queryError = new DrizzleQueryError(
    'UPDATE loan_application SET data = $1',
    [snapshot],
    databaseError,
  );

  it('logs a failed statement as the database’s error, its SQLSTATE and the frames, never its parameters', () => {
    const logged = errorSerializer(queryError);
    expect(JSON.stringify(logged)).not.toContain('Fjordverket');
    expect(JSON.stringify(logged)).not.toContain('15068512345');
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'deadlock detected (SQLSTATE 40P01)',
      code: '40P01',
    });
    expect(logged.stack).toMatch(/^\s+at /);
  });

  it('keeps no line of the parameters in the stack, even one that reads like a frame', () => {
    const framed = new DrizzleQueryError(
      'UPDATE person SET note = $1',
      ['call\n    at 10:00 Kari Nordmann'],
      databaseError,
    );
    expect(JSON.stringify(errorSerializer(framed))).not.toContain('Kari Nordmann');
  });

  it('writes the errors an AggregateError holds the same way', () => {
    const logged = errorSerializer(
      new AggregateError([new Error('other'), queryError], 'all attempts failed'),
    );
    expect(JSON.stringify(logged)).not.toContain('Fjordverket');
    expect(logged).toMatchObject({
      message: 'all attempts failed',
      aggregateErrors: [
        { message: 'other' },
        { message: 'deadlock detected (SQLSTATE 40P01)', code: '40P01' },
      ],
    });
  });

  it('writes the errors any error holds in `errors` the same way, not only an AggregateError', () => {
    const holder = Object.assign(new Error('several failed'), { errors: [queryError, 'not an error'] });
    const logged = errorSerializer(holder);
    expect(JSON.stringify(logged)).not.toContain('Fjordverket');
    expect(logged.aggregateErrors).toEqual([
      expect.objectContaining({ message: 'deadlock detected (SQLSTATE 40P01)' }),
      'not an error',
    ]);
  });

  it('says only the SQLSTATE of a data exception, which quotes the value it refused', () => {
    const refused = Object.assign(new Error('invalid input syntax for type uuid: "15068512345"'), {
      code: '22P02',
    });
    const logged = errorSerializer(new DrizzleQueryError('SELECT $1::uuid', ['15068512345'], refused));
    expect(JSON.stringify(logged)).not.toContain('15068512345');
    expect(logged.message).toBe('the database refused a value (SQLSTATE 22P02)');
  });

  it('finds the failed statement under an error that wraps it', () => {
    const wrapped = new Error('the batch failed', { cause: queryError });
    expect(JSON.stringify(errorSerializer(wrapped))).not.toContain('Fjordverket');
  });

  it('logs any other error as pino does', () => {
    const other = Object.assign(new Error('the lender timed out'), { statusCode: 504 });
    expect(errorSerializer(other)).toMatchObject({
      type: 'Error',
      message: 'the lender timed out',
      statusCode: 504,
    });
  });
});
