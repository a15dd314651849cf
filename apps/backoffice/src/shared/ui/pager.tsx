import { pageSize } from '#src/shared/api/list.ts';

export function Pager({
  total,
  offset,
  onChange,
}: {
  total: number;
  offset: number;
  onChange: (offset: number) => void;
}) {
  if (total <= pageSize) return <p className="pager-summary">{total} in all</p>;
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - pageSize))}>
        Previous
      </button>
      <span>
        {offset + 1}–{Math.min(total, offset + pageSize)} of {total}
      </span>
      <button type="button" disabled={offset + pageSize >= total} onClick={() => onChange(offset + pageSize)}>
        Next
      </button>
    </nav>
  );
}
