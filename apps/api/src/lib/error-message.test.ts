import { describe, expect, it } from 'vitest';
import { errorMessageOf, isTransientDatabaseError } from './error-message.ts';

describe('errorMessageOf', () => {
  it("says the database's own error under a Drizzle query error, never the statement or its parameters", () => {
    const database = Object.assign(
      new Error('duplicate key value violates unique constraint "job_dedupe_key_unique"'),
      {
        code: '23505',
      },
    );
    const drizzle = new Error(
      'Failed query: insert into "job" values ($1)\nparams: {"NationalID":"01017012345"}',
      {
        cause: database,
      },
    );
    const message = errorMessageOf(drizzle);
    expect(message).toBe(
      'duplicate key value violates unique constraint "job_dedupe_key_unique" (SQLSTATE 23505)',
    );
    expect(message).not.toContain('01017012345');
  });

  it('keeps the message of any other error, and of a query error without a cause says only that it failed', () => {
    expect(errorMessageOf(new Error('Lender no-fjordbanken unavailable: register'))).toBe(
      'Lender no-fjordbanken unavailable: register',
    );
    expect(errorMessageOf('plain text')).toBe('plain text');
    expect(errorMessageOf(new Error('Failed query: select $1\nparams: secret'))).toBe(
      'a database statement failed',
    );
  });

  it('cuts a long message at 500 characters', () => {
    expect(errorMessageOf(new Error('x'.repeat(2_000)))).toHaveLength(501);
  });
});

describe('isTransientDatabaseError', () => {
  const withCode = (code: string) => Object.assign(new Error('database'), { code });

  it('is the connection, a shutdown or cancel, a serialization failure or a deadlock — also under a wrapper', () => {
    for (const code of ['08006', '08P01', '57P01', '57P03', '57014', '40001', '40P01']) {
      expect(isTransientDatabaseError(withCode(code)), code).toBe(true);
    }
    expect(isTransientDatabaseError(new Error('Failed query: …', { cause: withCode('40P01') }))).toBe(true);
  });

  it('is not a refused value, a broken rule, an error of ours or no error at all', () => {
    for (const code of ['22P02', '23505', '23503', '42P01', 'P0001']) {
      expect(isTransientDatabaseError(withCode(code)), code).toBe(false);
    }
    expect(isTransientDatabaseError(new Error('cannot render the message'))).toBe(false);
    expect(isTransientDatabaseError(Object.assign(new Error('node'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isTransientDatabaseError(undefined)).toBe(false);
  });
});
