// What an error says, fit for a log line, a job's last_error or a request's stored reason (ADR 0047: one
// failed batch would have logged every one of its applications' snapshots).

const maxLength = 500;

/** Drizzle's error for a failed statement: "Failed query: <SQL> params: <values>". */
const isFailedQueryMessage = (value: unknown) =>
  value instanceof Error && value.message.startsWith('Failed query');

/** Whether `error`, or an error it was caused by, is a failed statement carrying its parameters. */
export function involvesFailedQuery(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (isFailedQueryMessage(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The error's message, at most 500 characters. Drizzle's query errors ("Failed query: <SQL> params:
 * <values>") carry the statement's parameters, personal data among them: the database's own error under
 * them (their `cause`) is said instead, with its SQLSTATE code. A data exception (SQLSTATE class 22:
 * "invalid input syntax for type uuid: \"…\"") quotes the value it refused, so only its code is said.
 */
export function errorMessageOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!isFailedQueryMessage(current) || cause === undefined) break;
    current = cause;
  }
  let text = current instanceof Error ? current.message : String(current);
  if (text.startsWith('Failed query')) text = 'a database statement failed';
  const code = (current as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    text = code.startsWith('22')
      ? `the database refused a value (SQLSTATE ${code})`
      : `${text} (SQLSTATE ${code})`;
  }
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}

/** The SQLSTATE of `error` or of an error it was caused by (Drizzle wraps the driver's), if any. */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A failure of the database rather than of the work: the connection (class 08), a shutdown or cancel
 * (57P01–57P05, 57014), a serialization failure or deadlock (40001, 40P01). Worth trying again as it was;
 * says nothing about the data.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state === undefined) return false;
  return state.startsWith('08') || state.startsWith('57P') || ['57014', '40001', '40P01'].includes(state);
}
