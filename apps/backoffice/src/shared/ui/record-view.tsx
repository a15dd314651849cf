import type { Country } from '@nordloan/domain/enums';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { humanize } from '#src/shared/ui/format.ts';

// Records the API owns whose fields grow with the product (contact log, terms, leads, cars, real estate,
// …): every field is shown — labels and values in the staff member's language where we know them, money in
// the application's currency — except the record's internal identifiers and bookkeeping, which only the
// record details disclosure at the top of the 360° view shows (issue 38: no ids or codes in staff text).

type Value = unknown;

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Identifiers and bookkeeping: for IT support, not for reading a case. */
export function isInternalField(name: string): boolean {
  // The masked national id and the application number are what staff and customers say on the phone.
  if (name === 'NationalID' || name === 'HumanReadableID') return false;
  return (
    name === 'ID' ||
    name.endsWith('ID') ||
    name.endsWith('Id') ||
    name.endsWith('Ref') ||
    [
      'Revision',
      'CloneOrigin',
      'SHA256',
      'ContentType',
      'Source',
      'UploadedBy',
      'OwnerRole',
      'Role',
      'Data',
      'CurrentStep',
      'CompletedSteps',
      'StatusName',
      'IsLocked',
      'UpdatedAt',
      'Actor',
    ].includes(name)
  );
}

/** Fields that hold money (whole units of the application's currency). */
const moneyField = /(Amount|Balance|Cost|Income|Limit|Value|Payment|Fee|Premium|Debt|Price)(Monthly)?$/;

export function useValueText() {
  const { t, fmt } = useI18n();
  return (value: Value, name = '', country?: Country | string): string => {
    if (value === null || value === undefined || value === '') return t.common.nothing;
    if (typeof value === 'boolean') return value ? t.common.yes : t.common.no;
    if (typeof value === 'number') {
      if (country && moneyField.test(name)) return fmt.money(value, country);
      return fmt.number(value, 4);
    }
    if (typeof value === 'string' && isoDateTime.test(value)) return fmt.dateTime(value);
    if (typeof value === 'string' && isoDate.test(value)) return fmt.date(value);
    if (typeof value === 'string') return t.values[value] ?? value;
    if (Array.isArray(value))
      return value.length === 0 ? t.common.nothing : value.map((v) => String(v)).join(', ');
    return t.common.nothing;
  };
}

export function useFieldLabel() {
  const { t } = useI18n();
  return (name: string) => t.fields[name] ?? humanize(name);
}

const isRecord = (value: Value): value is Record<string, Value> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

export function Fields({
  value,
  hide = [],
  country,
}: {
  value: Value;
  hide?: string[];
  country?: Country | string;
}) {
  const { t } = useI18n();
  const label = useFieldLabel();
  const text = useValueText();
  if (!isRecord(value)) return <p>{text(value)}</p>;
  const entries = Object.entries(value).filter(([name]) => !hide.includes(name) && !isInternalField(name));
  if (entries.length === 0) return <p className="empty">{t.common.none}</p>;
  return (
    <dl className="fields">
      {entries.map(([name, field]) => (
        // A nested record takes the whole width, so its own fields line up as the outer ones do.
        <div key={name} className={isRecord(field) || Array.isArray(field) ? 'field wide' : 'field'}>
          <dt>{label(name)}</dt>
          <dd>
            {isRecord(field) || (Array.isArray(field) && field.some(isRecord)) ? (
              <RecordView value={field} country={country} />
            ) : (
              text(field, name, country)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function RecordTable({
  rows,
  caption,
  country,
}: {
  rows: Value[];
  caption?: string;
  country?: Country | string;
}) {
  const { t } = useI18n();
  const label = useFieldLabel();
  const text = useValueText();
  if (rows.length === 0) return <p className="empty">{t.common.none}</p>;
  if (!rows.every(isRecord)) return <p>{rows.map((row) => text(row)).join(', ')}</p>;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter(
    (column) =>
      !isInternalField(column) && !rows.every((row) => isRecord(row[column]) || Array.isArray(row[column])),
  );
  return (
    <div className="table-scroll">
      <table className="data-table">
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {label(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // Rows are records from the server; ID when they have one, else their position (read-only).
            <tr key={typeof row.ID === 'string' ? row.ID : index}>
              {columns.map((column) => (
                <td key={column}>{text(row[column], column, country)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RecordView({
  value,
  caption,
  country,
}: {
  value: Value;
  caption?: string;
  country?: Country | string;
}) {
  if (Array.isArray(value)) return <RecordTable rows={value} caption={caption} country={country} />;
  return <Fields value={value} country={country} />;
}
