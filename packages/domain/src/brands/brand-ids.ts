// brands.md: the 15 brand ids, used everywhere (config, tests, `<id>.localhost`). A module of their own,
// without zod: the registry and the web app's first script need the ids, not the schemas (ADR 0043).
// brand-config.schema.ts and registry.ts re-export them.
export const brandIds = [
  'no-main',
  'no-compare',
  'no-alt1',
  'no-alt2',
  'no-alt3',
  'no-alt4',
  'se-main',
  'se-compare',
  'se-alt1',
  'se-alt2',
  'fi-main',
  'fi-compare',
  'fi-group-a',
  'fi-group-b',
  'dk-main',
] as const;
export type BrandId = (typeof brandIds)[number];
