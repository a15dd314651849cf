import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

// The accessibility check every browser test runs on each page it shows: axe-core, every rule, no serious
// or critical violation.
//
// Run in the page itself instead of through AxeBuilder when the page has no frames: AxeBuilder.analyze()
// evaluates axe's 550 kB source in the page on every call, opens a second blank page, evaluates the source
// there too, and moves every rule's passes across to it to finish the run. That was 58 % of an apply
// journey's time in the browser suite (14.5 of 25 s: 10 checks). Here the source goes in once per
// document and only the violations come back; the rules are the same. A page with frames takes
// AxeBuilder's path, which checks inside them.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact?: string | null;
  targets: string[];
}

async function violationsInPage(page: Page): Promise<Violation[]> {
  // Not `'axe' in window`: an element with id="axe" is a window property too.
  const loaded = await page.evaluate(
    () => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!loaded) await page.evaluate(axeSource);
  const options: RunOptions = { resultTypes: ['violations'] };
  return page.evaluate(async (runOptions) => {
    const axe = (window as unknown as { axe: { run(context: Document, o: RunOptions): Promise<AxeResults> } })
      .axe;
    const results = await axe.run(document, runOptions);
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, options);
}

async function violationsWithAxeBuilder(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** axe: the page's serious or critical violations as it is now (empty when there are none). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const violations =
    page.frames().length > 1 ? await violationsWithAxeBuilder(page) : await violationsInPage(page);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id} (${violation.impact}): ${violation.targets.slice(0, 3).join(' | ')}`,
    );
}
