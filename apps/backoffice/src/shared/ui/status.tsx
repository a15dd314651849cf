import { workQueueRules } from '@nordloan/domain/backoffice';
import { getBrand, isBrandId } from '@nordloan/domain/brands/registry';
import {
  finerStatusName,
  isApplicationStatusCode,
  isFinerStatusCode,
  isTerminalStatus,
} from '@nordloan/domain/statuses';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import type { Messages } from '#src/shared/i18n/messages.ts';

// Statuses in words, never as the §4 codes (issue 38: "bare status codes (410, 369)"): an application's
// status, and a lender's finer status built from its phrase and reason ("Not Approved, other" → "Not
// approved: other reason"), in the staff member's language.

export function statusWords(t: Messages, code: number | null | undefined): string {
  if (code === null || code === undefined) return t.common.nothing;
  return t.statuses[code] ?? t.statusUnknown;
}

export function lenderStatusWords(t: Messages, code: number | null | undefined): string {
  if (code === null || code === undefined) return t.quotes.notAsked;
  if (!isFinerStatusCode(code)) return statusWords(t, code);
  const [phrase = '', reason] = finerStatusName(code).split(', ');
  const words = t.lenderStatus.phrases[phrase] ?? phrase;
  return reason ? `${words}: ${t.lenderStatus.reasons[reason] ?? reason}` : words;
}

/**
 * A work-queue bucket's name: a rule's bucket still under its default (English) name reads in the staff
 * member's language; a bucket staff named or renamed keeps its name.
 */
export function bucketWords(t: Messages, name: string): string {
  const rule = workQueueRules.find((candidate) => candidate.name === name)?.rule;
  return (rule ? t.bucketNames[rule] : t.bucketNames[name]) ?? name;
}

/** A brand by its name for people ("Lån Norge"), not its id. */
export function brandName(brand: string): string {
  return isBrandId(brand) ? getBrand(brand).name : brand;
}

export function StatusBadge({ code }: { code: number | null | undefined }) {
  const { t } = useI18n();
  const tone =
    code === null || code === undefined || !isApplicationStatusCode(code)
      ? 'none'
      : isTerminalStatus(code)
        ? 'stopped'
        : 'open';
  return <span className={`badge badge-${tone}`}>{statusWords(t, code)}</span>;
}
