import { pageSize } from '#src/shared/api/list.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';

export function Pager({
  total,
  offset,
  onChange,
}: {
  total: number;
  offset: number;
  onChange: (offset: number) => void;
}) {
  const { t } = useI18n();
  if (total <= pageSize) return <p className="pager-summary">{t.common.inAll(total)}</p>;
  return (
    <nav className="pager" aria-label={t.common.pages}>
      <button type="button" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - pageSize))}>
        {t.common.previous}
      </button>
      <span>{t.common.range(offset + 1, Math.min(total, offset + pageSize), total)}</span>
      <button type="button" disabled={offset + pageSize >= total} onClick={() => onChange(offset + pageSize)}>
        {t.common.next}
      </button>
    </nav>
  );
}
