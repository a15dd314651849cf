// zod's classic API (`z.string().min(1).optional()`) over zod/mini, for the browser builds (issue 40, ADR 0082).
// The classic build puts every method of every schema on each schema, so a bundle carries all of zod
// (≈ 25 kB gzip) however little it uses; zod/mini is the same engine (zod/v4/core: the same parsing, issue
// codes, paths and results) with functions instead of methods, so a bundle carries what it calls. The
// domain's and the apps' schemas are written once, in the classic API, for the API and the browsers alike;
// the apps' Vite builds resolve `zod` to this file (the applicant app's tests too), which gives mini's
// schemas the classic methods those schemas use, on ZodMiniType's prototype (zod copies a constructor's
// prototype members onto each instance it builds: the documented way to add methods).
//
// Kept: the schema functions and methods the domain and the apps call (below). A schema using one that is
// missing fails when its module loads (`….foo is not a function`), in the web tests and the browser suite:
// add it here, with a case in zod.test.ts, which checks each against the classic build. Differences: no
// English messages are loaded (an issue without a message of the schema's own says "Invalid input"; the
// forms show their own texts by issue message key, never zod's words), and `.describe()` keeps no text.
import * as mini from 'zod/mini';

type Schema = mini.ZodMiniType;
type AnySchema = mini.core.SomeType;
type Params = string | { message?: string; error?: unknown; abort?: boolean } | undefined;
type Check = mini.core.$ZodCheck<unknown>;
type TransformFn = (
  value: unknown,
  ctx: mini.core.ParsePayload & { addIssue: (issue: unknown) => void },
) => unknown;
type Method = (this: Schema, ...args: never[]) => unknown;

const typeOf = (schema: Schema) => schema._zod.def.type;
const isLengthType = (schema: Schema) => typeOf(schema) === 'string' || typeOf(schema) === 'array';
const params = (value: Params) => value as never;

/** The classic methods, by name. `this` is the schema (zod binds each to its instance). */
const methods: Record<string, Method> = {
  // Every schema.
  optional() {
    return mini.optional(this);
  },
  nullable() {
    return mini.nullable(this);
  },
  nullish() {
    return mini.nullish(this);
  },
  default(value: unknown) {
    return mini._default(this, value as never);
  },
  transform(fn: TransformFn) {
    return mini.pipe(this, transform(fn));
  },
  pipe(next: AnySchema) {
    return mini.pipe(this, next as never);
  },
  refine(fn: (value: unknown) => unknown, options?: Params) {
    return this.check(mini.refine(fn, params(options)));
  },
  superRefine(fn: (value: unknown, ctx: mini.core.$RefinementCtx) => void) {
    return this.check(mini.superRefine(fn));
  },
  and(other: AnySchema) {
    return mini.intersection(this, other as never);
  },
  or(other: AnySchema) {
    return mini.union([this, other as never]);
  },
  array() {
    return mini.array(this);
  },
  describe() {
    return this;
  },
  // Strings and arrays (length), numbers (value).
  min(value: number, options?: Params) {
    return this.check(
      isLengthType(this) ? mini.minLength(value, params(options)) : mini.gte(value, params(options)),
    );
  },
  max(value: number, options?: Params) {
    return this.check(
      isLengthType(this) ? mini.maxLength(value, params(options)) : mini.lte(value, params(options)),
    );
  },
  length(value: number, options?: Params) {
    return this.check(mini.length(value, params(options)));
  },
  nonempty(options?: Params) {
    return this.check(mini.minLength(1, params(options)));
  },
  // Strings.
  trim() {
    return this.check(mini.trim());
  },
  toUpperCase() {
    return this.check(mini.toUpperCase());
  },
  toLowerCase() {
    return this.check(mini.toLowerCase());
  },
  regex(pattern: RegExp, options?: Params) {
    return this.check(mini.regex(pattern, params(options)));
  },
  includes(value: string, options?: Params) {
    return this.check(mini.includes(value, params(options)));
  },
  startsWith(value: string, options?: Params) {
    return this.check(mini.startsWith(value, params(options)));
  },
  email(options?: Params) {
    return this.check(mini.email(params(options)) as unknown as Check);
  },
  url(options?: Params) {
    return this.check(mini.url(params(options)) as unknown as Check);
  },
  uuid(options?: Params) {
    return this.check(mini.uuid(params(options)) as unknown as Check);
  },
  // Numbers.
  int(options?: Params) {
    return this.check(mini.int(params(options)) as unknown as Check);
  },
  gt(value: number, options?: Params) {
    return this.check(mini.gt(value, params(options)));
  },
  gte(value: number, options?: Params) {
    return this.check(mini.gte(value, params(options)));
  },
  lt(value: number, options?: Params) {
    return this.check(mini.lt(value, params(options)));
  },
  lte(value: number, options?: Params) {
    return this.check(mini.lte(value, params(options)));
  },
  positive(options?: Params) {
    return this.check(mini.gt(0, params(options)));
  },
  nonnegative(options?: Params) {
    return this.check(mini.gte(0, params(options)));
  },
  negative(options?: Params) {
    return this.check(mini.lt(0, params(options)));
  },
  multipleOf(value: number, options?: Params) {
    return this.check(mini.multipleOf(value, params(options)));
  },
  // zod 4 numbers are finite already (classic's finite() answers the schema itself).
  finite() {
    return this;
  },
  // Objects.
  extend(shape: mini.core.$ZodLooseShape) {
    return mini.extend(this as never, shape);
  },
  safeExtend(shape: mini.core.$ZodLooseShape) {
    return mini.safeExtend(this as never, shape as never);
  },
  partial(mask?: Record<string, true>) {
    return mini.partial(this as never, mask as never);
  },
  pick(mask: Record<string, true>) {
    return mini.pick(this as never, mask as never);
  },
  omit(mask: Record<string, true>) {
    return mini.omit(this as never, mask as never);
  },
  strict() {
    return this.clone({ ...this._zod.def, catchall: mini.never() } as never);
  },
  loose() {
    return this.clone({ ...this._zod.def, catchall: mini.unknown() } as never);
  },
  // Optional, nullable.
  unwrap() {
    return (this._zod.def as { innerType?: Schema }).innerType;
  },
};

Object.assign(mini.ZodMiniType.prototype, methods);

/** Classic's unions keep their options as `.options`. */
function withOptions<T extends Schema>(schema: T, options: readonly unknown[]): T {
  return Object.assign(schema, { options });
}

export {
  any,
  array,
  boolean,
  custom,
  email,
  enum,
  int,
  intersection,
  lazy,
  literal,
  looseObject,
  NEVER,
  never,
  null,
  nullable,
  nullish,
  number,
  object,
  optional,
  partialRecord,
  record,
  strictObject,
  string,
  tuple,
  unknown,
  url,
  uuid,
} from 'zod/mini';

export function union<const T extends readonly AnySchema[]>(options: T, options2?: Params) {
  return withOptions(mini.union(options as never, params(options2)), options);
}

export function discriminatedUnion<const T extends readonly AnySchema[]>(
  discriminator: string,
  options: T,
  options2?: Params,
) {
  return withOptions(mini.discriminatedUnion(discriminator, options as never, params(options2)), options);
}

/**
 * Classic's transform: its function may report issues through `ctx.addIssue` (mini's has no addIssue), as
 * classic's ZodTransform does it.
 */
export function transform(fn: TransformFn) {
  const schema = mini.transform((value: unknown, payload: mini.core.ParsePayload) => {
    const ctx = Object.assign(payload, {
      addIssue(issue: unknown) {
        if (typeof issue === 'string') {
          payload.issues.push(mini.core.util.issue(issue, payload.value, schema._zod.def as never));
          return;
        }
        const raised = issue as Record<string, unknown>;
        if (raised.fatal) raised.continue = false;
        raised.code ??= 'custom';
        if (!('input' in raised)) raised.input = payload.value;
        raised.inst ??= schema;
        payload.issues.push(mini.core.util.issue(raised as never));
      },
    });
    return fn(value, ctx);
  });
  return schema;
}

/** Classic's preprocess: the function's result is then parsed by the schema. */
export function preprocess(fn: TransformFn, schema: AnySchema) {
  return mini.pipe(transform(fn), schema as never);
}

export const iso = { datetime: mini.iso.datetime, date: mini.iso.date, time: mini.iso.time };
export const coerce = {
  number: mini.coerce.number,
  string: mini.coerce.string,
  boolean: mini.coerce.boolean,
};
