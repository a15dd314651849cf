import { useCallback, useEffect, useId, useState } from 'react';
import { useBrand } from '#src/brands/brand-context.tsx';
import { parseWholeNumber } from '#src/features/apply/model/form-fields.ts';
import { FieldErrorText } from './fields.tsx';

// A slider and a typed input for one number (§9 bounds and step). The slider moves in the brand's steps;
// the typed value is taken as it is and checked by the step (errors beside the field), so typing "150000"
// never jumps under the applicant's fingers.

export function AmountField({
  label,
  value,
  min,
  max,
  step,
  format,
  unit,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  format: (value: number) => string;
  unit: string;
  onChange: (value: number) => void;
  error: string | null;
  testId: string;
}) {
  const id = useId();
  const { format: brandFormat } = useBrand();
  // Shown grouped in the brand's locale ("150 000"); what is typed stays as typed until the field is left.
  const grouped = useCallback(
    (number: number) => (Number.isFinite(number) ? brandFormat.number(number) : ''),
    [brandFormat],
  );
  const [typed, setTyped] = useState(grouped(value));
  // Only a new value from outside (the slider) rewrites the text.
  useEffect(() => {
    setTyped((current) => (parseWholeNumber(current) === value ? current : grouped(value)));
  }, [value, grouped]);
  const describedBy = [`${id}-bounds`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field apply-amount" data-testid={testId}>
      <label className="field__label" htmlFor={`${id}-input`}>
        <span>{label}</span>
        <output className="field__value" htmlFor={`${id}-input`} data-testid={`${testId}-value`}>
          {Number.isFinite(value) ? format(value) : ''}
        </output>
      </label>
      <div className="apply-amount__typed">
        <input
          id={`${id}-input`}
          className="text-input"
          inputMode="numeric"
          autoComplete="off"
          value={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-testid={`${testId}-input`}
          onBlur={() => {
            if (Number.isFinite(value)) setTyped(grouped(value));
          }}
          onChange={(event) => {
            setTyped(event.target.value);
            const parsed = parseWholeNumber(event.target.value);
            onChange(parsed ?? Number.NaN);
          }}
        />
        <span className="apply-amount__unit" aria-hidden="true">
          {unit}
        </span>
      </div>
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        value={Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min}
        aria-label={label}
        aria-valuetext={Number.isFinite(value) ? format(value) : undefined}
        data-testid={`${testId}-slider`}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <div className="field__bounds" id={`${id}-bounds`}>
        <span>{format(min)}</span>
        <span>{format(max)}</span>
      </div>
      <FieldErrorText id={`${id}-error`} message={error} />
    </div>
  );
}
