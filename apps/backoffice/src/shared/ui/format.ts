import type { Messages } from '#src/shared/i18n/messages.ts';

/** "3 h", "2 d": how long an item has waited, in the staff member's language. */
export function formatAge(value: string | null | undefined, t: Messages, now = Date.now()): string {
  if (!value) return t.common.nothing;
  const minutes = Math.max(0, Math.round((now - new Date(value).getTime()) / 60_000));
  if (Number.isNaN(minutes)) return t.common.nothing;
  if (minutes < 60) return t.common.minutesShort(minutes);
  if (minutes < 48 * 60) return t.common.hoursShort(Math.round(minutes / 60));
  return t.common.daysShort(Math.round(minutes / 1440));
}

/** Field names from the API (PascalCase) as words: "NetMonthlyIncome" → "Net monthly income". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1).replace(/ ([A-Z][a-z])/g, (m) => m.toLowerCase());
}
