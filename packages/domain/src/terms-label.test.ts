import { describe, expect, it } from 'vitest';
import { parseTermsLabel } from './terms-label.ts';

describe('a terms version label (§3)', () => {
  it('gives its type, version, publish date and suffix', () => {
    expect(parseTermsLabel('user-terms_2_20260301_no-main')).toEqual({
      type: 'user-terms',
      version: 2,
      publishedOn: '2026-03-01',
      suffix: 'no-main',
    });
  });

  it('is nothing when it is not one', () => {
    for (const label of [
      null,
      undefined,
      '',
      'v2',
      'user-terms_2_2026031_no-main',
      'user-terms_x_20260301_no-main',
    ]) {
      expect(parseTermsLabel(label)).toBeNull();
    }
  });
});
