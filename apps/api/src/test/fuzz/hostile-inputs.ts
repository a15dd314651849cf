import fc from 'fast-check';

// The hostile values the OpenAPI fuzzer (openapi-fuzz.test.ts) puts where the schema expects something
// sensible: every one is a thing a real client, a broken proxy or an attacker has sent to some API.

export const injectionStrings = [
  "' OR '1'='1",
  "'; DROP TABLE loan_application; --",
  '1; SELECT pg_sleep(5)',
  '" OR ""="',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  '${7*7}',
  '%s%s%s%n',
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '{"$gt":""}',
  'null',
  'undefined',
  'NaN',
  '-0',
  '0x7fffffff',
  '1e309',
];

export const awkwardStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0003\u001b[31m',
  '\r\n\r\nX-Injected: 1',
  '\t\v\f',
  '\ud800',
  'x\udfffy',
  '\ufffe\uffff',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d\ufeff',
  'Ærøskøbing Åse Ödön Ñandú',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'İıŞşĞğ',
  '\u0130'.repeat(50),
  'ǅ'.repeat(300),
];

export const boundaryNumbers = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.000001,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 53 - 1,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  123456789.12345679,
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...injectionStrings, ...awkwardStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', '€', '\u0000', '😀', '\ud800'), fc.integer({ min: 256, max: 200_000 }))
      .map(([unit, length]) => unit.repeat(length)),
  },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...boundaryNumbers),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any JSON value, with the hostile strings and numbers above among its leaves. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.string({ maxLength: 12 })), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Nesting far deeper than any schema: a parser or validator that recurses must not fall over. */
export function deeplyNested(depth: number, asArray: boolean): string {
  return asArray
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

export const malformedJson = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  '{"a":1}{"b":2}',
  'NaN',
  '{"a":1e999999}',
  '{"a":-}',
  '\u0000',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '\ufeff{"a":1}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":01}',
  'true',
  '"string"',
  '123',
];

export const wrongContentTypes = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/jsonx',
  'image/png',
  '',
];
