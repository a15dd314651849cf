// A minimal valid value for a JSON Schema of the OpenAPI document (app.swagger()): required properties
// only, first enum member, smallest allowed number, a string of the right format. The route matrix sends
// it so that a refusal comes from the access check and not from validation; the fuzzer starts from it.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** A bound (JSON Schema 2020) or, in OpenAPI 3.0, `true` making `minimum` exclusive. */
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
  nullable?: boolean;
};

const formatSamples: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-000000000000',
  email: 'someone@example.com',
  date: '2024-01-01',
  'date-time': '2024-01-01T00:00:00.000Z',
  uri: 'https://example.com/',
  url: 'https://example.com/',
};

export function sampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) {
    const firstNonNull = union.find((option) => option.type !== 'null') ?? union[0];
    return sampleOf(firstNonNull, depth + 1);
  }
  if (schema.allOf?.length) return sampleOf(Object.assign({}, ...schema.allOf), depth + 1);
  const type = Array.isArray(schema.type)
    ? schema.type.find((candidate) => candidate !== 'null')
    : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) value[key] = sampleOf(schema.properties?.[key], depth + 1);
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items, depth + 1));
    case 'integer':
    case 'number': {
      if (schema.minimum !== undefined) return schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0);
      if (typeof schema.exclusiveMinimum === 'number') return Math.floor(schema.exclusiveMinimum) + 1;
      return schema.maximum !== undefined && schema.maximum < 1 ? schema.maximum : 1;
    }
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format && formatSamples[schema.format]) return formatSamples[schema.format];
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    }
    case 'null':
      return null;
    default:
      return schema.properties ? sampleOf({ ...schema, type: 'object' }, depth) : null;
  }
}

export interface OpenApiOperation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** `/loan-application/:id` (Fastify) → `/loan-application/{id}` (OpenAPI). */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
