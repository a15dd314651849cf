import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/**
 * Every answer goes through its route's zod response schema before it is written: a field the schema does
 * not name is left out (nothing reaches a caller by accident), and an answer that breaks its schema is a
 * 500, never a wrong answer.
 *
 * The type provider's own compiler checks with `safeEncode`, which runs codecs backwards. Our response
 * schemas hold no codec, transform, `.catch()` or `z.success()` (checked here when a route is compiled, so a
 * new one stops the start: parse would run a transform forwards, let a caught value through where encode
 * answers 500, turn a success schema's value into a boolean), and then `safeParse` gives the same output — while taking zod's compiled path for objects: a third
 * of encode's time, ≈ 10 µs of the application read's ≈ 170 µs under load (issue 12,
 * docs/performance-api.md). The one difference: a missing field whose schema has a `.default()` gets that
 * default where encode would refuse the answer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<$ZodType | { properties: $ZodType }> = ({
  schema: routeSchema,
  method,
  url,
}) => {
  const schema = routeSchema instanceof $ZodType ? routeSchema : routeSchema.properties;
  const transformAt = transformPath(schema);
  if (transformAt !== undefined) {
    throw new Error(
      `${method} ${url}: the response schema has a transform, codec, catch or success at "${transformAt}"; answers are checked with safeParse, which treats it otherwise than encode (plugins/response-serializer.ts)`,
    );
  }
  return (data) => {
    const result = safeParse(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/**
 * Where in a schema a part sits that parse and encode treat differently — a transform, a codec, a
 * `.catch()`, a `z.success()` — as a dotted path of its definition, or undefined.
 */
const directional = new Set(['transform', 'catch', 'success']);

export function transformPath(
  schema: $ZodType,
  seen = new Set<$ZodType>(),
  path = '(root)',
): string | undefined {
  if (seen.has(schema)) return undefined;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (directional.has(def.type) || (def.type === 'pipe' && typeof def.transform === 'function')) return path;
  const parts: [string, unknown][] = Object.entries(def);
  if (def.type === 'object') parts.push(...Object.entries(def.shape as Record<string, unknown>));
  if (def.type === 'lazy') parts.push(['lazy', (def.getter as () => unknown)()]);
  for (const [key, part] of parts) {
    const children = Array.isArray(part) ? part : [part];
    for (const [index, child] of children.entries()) {
      if (!(child instanceof $ZodType)) continue;
      const childPath = `${path}.${key}${Array.isArray(part) ? `[${index}]` : ''}`;
      const found = transformPath(child, seen, childPath);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
