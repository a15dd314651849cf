import { application360Schema } from '@nordloan/domain/application-360';
import { describe, expect, it } from 'vitest';
import { application360, ids, installFakeApi } from '#src/test/fake-api.ts';
import { signedInStaffForEachTest } from '#src/test/signed-in-staff.ts';
import { getApplication360 } from './get-application-360.ts';

// The back office reads the 360° view with the domain's application360Schema, the one the API writes it with
// (the API side: apps/api/src/modules/backoffice/applications/application-360-contract.test.ts). The fake
// API's view is that contract's shape, so the component tests see what the server sends.

signedInStaffForEachTest();

const viewPath = `/backoffice/applications/${ids.application}`;

describe('GET /backoffice/applications/{id} in the back office', () => {
  it('parses the view with the domain’s schema and keeps every field the server sent', async () => {
    expect(application360Schema.safeParse(application360).error).toBeUndefined();
    installFakeApi({ [`GET ${viewPath}`]: { body: application360 } });
    expect(await getApplication360(ids.application)).toEqual(application360);
  });

  it('refuses a view that breaks the contract instead of showing half of it', async () => {
    const { LendingRules: _dropped, ...withoutPart } = application360;
    installFakeApi({ [`GET ${viewPath}`]: { body: withoutPart } });
    await expect(getApplication360(ids.application)).rejects.toThrow(
      'The server sent an answer this page does not understand.',
    );
  });
});
