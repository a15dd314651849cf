import { formatDateTime, humanize } from '#src/shared/ui/format.ts';

// The 360° view shows records the API owns (income, debts, cars, real estate, …) whose fields grow with
// the product. Rather than a hand-written form per record that silently drops new fields, every field is
// shown: scalars as text, objects as definition lists, lists of records as tables.

type Value = unknown;

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function formatScalar(value: Value): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-GB', { maximumFractionDigits: 4 });
  if (typeof value === 'string' && isoDateTime.test(value)) return formatDateTime(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const isRecord = (value: Value): value is Record<string, Value> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

export function Fields({ value, hide = [] }: { value: Value; hide?: string[] }) {
  if (!isRecord(value)) return <p>{formatScalar(value)}</p>;
  const entries = Object.entries(value).filter(([name]) => !hide.includes(name));
  if (entries.length === 0) return <p className="empty">No details.</p>;
  return (
    <dl className="fields">
      {entries.map(([name, field]) => (
        // A nested record takes the whole width, so its own fields line up as the outer ones do.
        <div key={name} className={isRecord(field) || Array.isArray(field) ? 'field wide' : 'field'}>
          <dt>{humanize(name)}</dt>
          <dd>
            {isRecord(field) || Array.isArray(field) ? <RecordView value={field} /> : formatScalar(field)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function RecordTable({ rows, caption }: { rows: Value[]; caption?: string }) {
  if (rows.length === 0) return <p className="empty">None.</p>;
  if (!rows.every(isRecord)) return <p>{rows.map(formatScalar).join(', ')}</p>;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter(
    (column) => !rows.every((row) => isRecord(row[column]) || Array.isArray(row[column])),
  );
  return (
    <div className="table-scroll">
      <table className="data-table">
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {humanize(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // Rows are records from the server; ID when they have one, else their position (read-only).
            <tr key={typeof row.ID === 'string' ? row.ID : index}>
              {columns.map((column) => (
                <td key={column}>{formatScalar(row[column])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RecordView({ value, caption }: { value: Value; caption?: string }) {
  if (Array.isArray(value)) return <RecordTable rows={value} caption={caption} />;
  return <Fields value={value} />;
}
