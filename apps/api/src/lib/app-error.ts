// Services throw AppError; the one error handler (plugins/error-handler.ts) turns it into the response.

export interface FieldError {
  Field: string;
  Message: string;
}

export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** Per-field problems, for the spec's bad-result shape. */
    public readonly fieldErrors: FieldError[] = [],
    /** Extra top-level body fields (e.g. the §7 `applicationIDs` of a 403 on PATCH). */
    public readonly extra: Record<string, unknown> = {},
    /** Response headers, e.g. Retry-After or Allow. */
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fieldErrors: FieldError[] = []) =>
  new AppError(400, message, fieldErrors);

/** One field is wrong: the usual case of a business-rule validation. */
export const fieldError = (field: string, message: string) =>
  new AppError(400, message, [{ Field: field, Message: message }]);

export const unauthorized = (message = 'Missing token') => new AppError(401, message);
export const forbidden = (message = 'Forbidden', extra: Record<string, unknown> = {}) =>
  new AppError(403, message, [], extra);
/** Also used for "exists but is not yours", so that ids do not leak. */
export const notFound = (message = 'This page could not be found') => new AppError(404, message);
export const conflict = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError(409, message, [], extra);
export const serviceUnavailable = (message: string) => new AppError(503, message);
