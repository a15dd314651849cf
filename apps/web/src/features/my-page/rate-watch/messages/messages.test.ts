import { describe, expect, it } from 'vitest';
import { messages as daDK } from './da-DK.ts';
import { messages as fiFI } from './fi-FI.ts';
import { messages as nbNO } from './nb-NO.ts';
import { messages as svSE } from './sv-SE.ts';

// Every text of the rate watch in all four languages, with the same keys and the same placeholders.
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, text] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(path, text);
    }
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const source = leaves(nbNO);

describe('rate watch texts', () => {
  for (const [locale, messages] of Object.entries({ 'sv-SE': svSE, 'fi-FI': fiFI, 'da-DK': daDK })) {
    it(`${locale} has exactly the nb-NO keys, each non-empty with the same placeholders`, () => {
      const texts = leaves(messages);
      expect([...texts.keys()].sort()).toEqual([...source.keys()].sort());
      for (const [key, text] of texts) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(source.get(key)!));
      }
    });
  }
});
