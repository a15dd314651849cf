import { isApplicationStatusCode, isTerminalStatus, statusName } from '@nordloan/domain/statuses';

/** An application status as "123 Name", so staff who know the codes and those who do not both read it. */
export function statusText(code: number | null | undefined): string {
  if (code === null || code === undefined) return '—';
  return isApplicationStatusCode(code) ? `${code} ${statusName(code)}` : String(code);
}

export function StatusBadge({ code }: { code: number | null | undefined }) {
  const tone =
    code === null || code === undefined || !isApplicationStatusCode(code)
      ? 'none'
      : isTerminalStatus(code)
        ? 'stopped'
        : 'open';
  return <span className={`badge badge-${tone}`}>{statusText(code)}</span>;
}
