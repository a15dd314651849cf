import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  badResult,
  badResultFromIssues,
  clientExceptionTitle,
  errorMessages,
  errorPageTitle,
  errorPageTitles,
  unexpectedErrorTitle,
} from './errors.ts';

describe('§8 error messages', () => {
  it('has the exact fixed texts', () => {
    expect(errorMessages.missingToken()).toBe('Missing token');
    expect(errorMessages.tooManyRequests()).toBe('Too many requests');
    expect(errorMessages.jwtExpired()).toBe('JWT expired');
    expect(errorMessages.invalidJwt()).toBe('Invalid JWT');
    expect(errorMessages.jwtWithoutExpiration()).toBe('JWT does not contain expiration');
    expect(errorMessages.noServiceUrl()).toBe('No service URL found!');
    expect(errorMessages.noIntegrationUrl()).toBe('No integration URL found');
    expect(errorMessages.integrationUrlMissing()).toBe('Error: Integration URL is missing');
    expect(errorMessages.invalidAuthMeData()).toBe('Invalid AuthMe data');
    expect(errorMessages.invalidBrandDetected()).toBe(
      'Invalid brand detected. Defaulting to the Swedish brand',
    );
    expect(errorMessages.unknownBrand()).toBe('Unknown brand');
    expect(errorMessages.brandConfigurationNotFound()).toBe('Failed to find configuration for brand');
    expect(errorMessages.noPublishDateOnTerm()).toBe('No publish date found on term');
  });

  it('fills parameters', () => {
    expect(errorMessages.networkResponseNotOk(404)).toBe('Network response was not OK: 404');
    expect(errorMessages.requestFailed('GET', '/x', 404, 'Not Found')).toBe(
      'Failed to GET /x; Error: 404: Not Found',
    );
    expect(errorMessages.missingParameter('applicationId')).toBe('Missing parameter: applicationId');
    expect(errorMessages.noGeneralConsentBrand('axo-no')).toBe('No general consent brand found for axo-no');
    expect(errorMessages.customerRequestFailed('fetch')).toBe('Failed to fetch customer');
    expect(errorMessages.customerRequestFailed('patch')).toBe('Failed to patch customer');
  });

  it('builds entity request failures with and without the server message', () => {
    expect(
      errorMessages.entityRequestFailed(
        'patching',
        '/loan-application/1',
        400,
        'Bad Request',
        'Amount too high',
      ),
    ).toBe('Error patching /loan-application/1: 400 Bad Request Amount too high');
    expect(errorMessages.entityRequestFailed('deleting', '/lead/1/2', 404, 'Not Found')).toBe(
      'Error deleting /lead/1/2: 404 Not Found',
    );
    expect(errorMessages.entityRequestFailed('fetching', '/person/1', 500, '')).toBe(
      'Error fetching /person/1: 500',
    );
  });

  it('token decoding messages start with the §8 text', () => {
    expect(errorMessages.invalidTokenNotString()).toBe('Invalid token specified: must be a string');
    expect(errorMessages.invalidTokenMissingPart(2)).toBe('Invalid token specified: missing part #2');
    expect(errorMessages.invalidTokenBase64(2)).toBe('Invalid token specified: invalid base64 for part #2');
    expect(errorMessages.invalidTokenBase64(2, 'bad char')).toBe(
      'Invalid token specified: invalid base64 for part #2 (bad char)',
    );
    expect(errorMessages.invalidTokenJson(1, 'Unexpected token')).toMatch(
      /^Invalid token specified: invalid json for part #1/,
    );
  });
});

describe('§2 error page titles', () => {
  it('maps known statuses and falls back', () => {
    expect(errorPageTitles[404]).toBe('This page could not be found');
    expect(errorPageTitle(400)).toBe('Bad Request');
    expect(errorPageTitle(405)).toBe('Method Not Allowed');
    expect(errorPageTitle(500)).toBe('Internal Server Error');
    expect(errorPageTitle(418)).toBe(unexpectedErrorTitle);
    expect(unexpectedErrorTitle).toBe('An unexpected error has occurred');
    expect(clientExceptionTitle).toBe('Application error: a client-side exception has occurred');
  });
});

describe('bad result', () => {
  // The §3 shape, as a client would check it.
  const badResultSchema = z.strictObject({
    Bad: z.boolean(),
    Errors: z.array(z.strictObject({ Field: z.string(), Message: z.string() })),
    Message: z.string(),
  });

  it('answers exactly the §3 shape, with and without field errors', () => {
    expect(badResultSchema.parse(badResult('Nope'))).toEqual({ Bad: true, Errors: [], Message: 'Nope' });
    const withErrors = badResult('Validation failed', [{ Field: 'Amount', Message: 'Too high' }]);
    expect(badResultSchema.parse(withErrors)).toEqual({
      Bad: true,
      Errors: [{ Field: 'Amount', Message: 'Too high' }],
      Message: 'Validation failed',
    });
    const parsed = z.object({ Amount: z.number() }).safeParse({ Amount: 'x' });
    expect(badResultSchema.safeParse(badResultFromIssues(parsed.error!.issues)).success).toBe(true);
  });

  it('builds from zod issues', () => {
    const parsed = z
      .object({ Applicant: z.object({ Income: z.number() }) })
      .safeParse({ Applicant: { Income: 'x' } });
    expect(parsed.success).toBe(false);
    const result = badResultFromIssues(parsed.error!.issues);
    expect(result.Bad).toBe(true);
    expect(result.Message).toBe('Validation failed');
    expect(result.Errors).toHaveLength(1);
    expect(result.Errors[0]!.Field).toBe('Applicant.Income');
  });
});
