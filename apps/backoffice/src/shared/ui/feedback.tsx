import type { ReactNode } from 'react';
import { ApiError } from '#src/shared/api/http.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';

export function Loading({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label ?? t.common.loading}
    </p>
  );
}

export function errorText(error: unknown, fallback = 'Something went wrong.'): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return fallback;
}

export function ErrorMessage({
  error,
  title,
  action,
}: {
  error: unknown;
  title?: string;
  action?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="error-box" role="alert">
      {title ? <strong>{title}: </strong> : null}
      {errorText(error, t.common.somethingWrong)}
      {action ? <div className="error-action">{action}</div> : null}
    </div>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="notice" role="status">
      {children}
    </p>
  );
}

export function Kbd({ children }: { children: ReactNode }) {
  return <kbd className="kbd">{children}</kbd>;
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}
