import type { CapsConfig } from '../finance/caps.ts';
import { publishedCapsConfigAt } from '../finance/regulatory-figures.data.ts';
import { type BrandConfig, brandConfigSchema } from './brand-config.schema.ts';
import { brandExample } from './brand-example.ts';
import { brandIds } from './brand-ids.ts';
import { brands } from './registry.ts';

// The registry's start-up check, apart from the registry itself: it needs the zod schema, the caps and the
// money maths, which the web app's first script (which reads the registry) must not load (ADR 0043).

/** regulation.md: a brand example that breaks a cap is a start-up error. Returns the problems found. */
export function brandExampleCapProblems(
  config: BrandConfig,
  capsConfig: CapsConfig = publishedCapsConfigAt(new Date()),
): string[] {
  const { amount, duration } = config.unsecuredLoan.config;
  const result = brandExample(config, amount.default, duration.default, capsConfig);
  if (result.kind === 'example') return [];
  if (result.reason === 'caps') return result.problems;
  if (result.reason === 'bounds') return result.errors.map((error) => `${error.Field}: ${error.Message}`);
  return ['no effective rate can be computed for the example'];
}

/**
 * Parses every config with the schema, checks each brand's representative example against its country's
 * caps, and checks the registry as a whole; throws ONE error listing every problem (brand, field,
 * message). The API calls it at start-up: a bad config must stop the process.
 */
export function validateBrandRegistry(
  registry: Record<string, unknown> = brands,
  capsConfig: CapsConfig = publishedCapsConfigAt(new Date()),
): void {
  const problems: string[] = [];
  const seenHosts = new Map<string, string>();
  for (const id of brandIds) {
    if (!Object.hasOwn(registry, id)) problems.push(`${id}: missing from the registry`);
  }
  for (const [key, candidate] of Object.entries(registry)) {
    if (!(brandIds as readonly string[]).includes(key)) problems.push(`${key}: not one of the 15 brand ids`);
    const result = brandConfigSchema.safeParse(candidate);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = issue.path.length > 0 ? issue.path.join('.') : '(config)';
        problems.push(`${key}: ${path}: ${issue.message}`);
      }
      continue;
    }
    const config = result.data;
    for (const problem of brandExampleCapProblems(config, capsConfig)) {
      problems.push(`${key}: unsecuredLoan (representative example): ${problem}`);
    }
    if (config.brand !== key)
      problems.push(`${key}: brand: is '${config.brand}', must equal its registry key`);
    for (const host of [config.domain, `mine.${config.domain}`]) {
      const owner = seenHosts.get(host);
      if (owner && owner !== key) problems.push(`${key}: domain: ${host} is also used by ${owner}`);
      seenHosts.set(host, key);
    }
  }
  if (problems.length > 0) {
    throw new Error(`Invalid brand configuration (${problems.length} problems):\n- ${problems.join('\n- ')}`);
  }
}
