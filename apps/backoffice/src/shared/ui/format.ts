// Staff read dates in the office's own format, with the time: when a thing happened matters to them.
const dateTime = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

/** "3 h", "2 d": how long an item has waited. */
export function formatAge(value: string | null | undefined, now = Date.now()): string {
  if (!value) return '—';
  const minutes = Math.max(0, Math.round((now - new Date(value).getTime()) / 60_000));
  if (Number.isNaN(minutes)) return '—';
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h`;
  return `${Math.round(minutes / 1440)} d`;
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
