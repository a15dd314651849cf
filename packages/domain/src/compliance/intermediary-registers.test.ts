import { describe, expect, it } from 'vitest';
import { countries } from '../enum-values.ts';
import { type IntermediaryAuthority, intermediaryAuthorities } from './intermediary-registers.ts';
import { sources } from './sources.ts';

describe('the authority and register of each country’s credit intermediaries (issue 34 item 6)', () => {
  it('covers every country', () => {
    expect(Object.keys(intermediaryAuthorities).sort()).toEqual([...countries].sort());
  });

  it.each(Object.entries(intermediaryAuthorities) as [string, IntermediaryAuthority][])(
    '%s: an https register link on the authority’s sourced site, its law, its sources, its open points',
    (_, entry) => {
      expect(entry.registerUrl).toMatch(/^https:\/\//);
      const host = new URL(entry.registerUrl).hostname.replace(/^www\./, '');
      expect(entry.sources.some((id) => sources[id].url.includes(host))).toBe(true);
      expect(entry.legalBasis.length).toBeGreaterThan(10);
      for (const id of entry.sources) expect(sources[id], id).toBeDefined();
      if (!entry.registerUrlIsRegister) expect(entry.toVerify).not.toBeNull();
    },
  );

  it('names the authorities the sources name', () => {
    expect(intermediaryAuthorities.NO.authority).toBe('Finanstilsynet');
    expect(intermediaryAuthorities.SE.authority).toBe('Finansinspektionen');
    expect(intermediaryAuthorities.FI.authority).toBe('Finanssivalvonta');
    expect(intermediaryAuthorities.DK.authority).toBe('Finanstilsynet');
  });
});
