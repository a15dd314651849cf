// What an error says, fit for a log line or a job's last_error (ADR 0047: one failed batch of 50 would
// have logged 50 applications' snapshots).

const maxLength = 500;

/**
 * The error's message, at most 500 characters. Drizzle's query errors ("Failed query: <SQL> params:
 * <values>") carry the statement's parameters, personal data among them: the database's own error under
 * them (their `cause`) is said instead, with its SQLSTATE code.
 */
export function errorMessageOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5; depth++) {
    const message = current instanceof Error ? current.message : '';
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!message.startsWith('Failed query') || cause === undefined) break;
    current = cause;
  }
  let text = current instanceof Error ? current.message : String(current);
  if (text.startsWith('Failed query')) text = 'a database statement failed';
  const code = (current as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) text = `${text} (SQLSTATE ${code})`;
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}
