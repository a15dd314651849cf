import type { Page } from 'playwright-core';

// Issue 38: what an applicant reads carries no internal ids or codes — no uuid (an application's or a
// person's ID), no version label of terms (`user-terms_2_20260301_no-main`). Scanned on the rendered page
// with every <details> opened, so the folded sections are read too.

export const internalIdPatterns: readonly RegExp[] = [
  /[0-9a-f]{8}-[0-9a-f]{4}-/i,
  /user-terms_/i,
  /consent-[a-z]+_\d+_/i,
];

/** The internal ids and codes the page shows a reader (its title and visible text); [] when none. */
export async function internalIdsShown(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const closed = Array.from(document.querySelectorAll('details')).filter((details) => !details.open);
    for (const details of closed) details.open = true;
    const shown = `${document.title}\n${document.body.innerText}`;
    // As they were: the test goes on with the page the applicant left.
    for (const details of closed) details.open = false;
    return shown;
  });
  return text
    .split('\n')
    .filter((line) => internalIdPatterns.some((pattern) => pattern.test(line)))
    .map((line) => line.trim().slice(0, 160));
}
