import { useId } from 'react';

export interface RangeFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  format: (value: number) => string;
  onChange: (value: number) => void;
  testId?: string;
}

/** A slider with its formatted value; the value text is also the slider's accessible value. */
export function RangeField({ label, value, min, max, step, format, onChange, testId }: RangeFieldProps) {
  const id = useId();
  return (
    <div className="field" data-testid={testId}>
      <label className="field__label" htmlFor={id}>
        <span>{label}</span>
        <output className="field__value" htmlFor={id} aria-live="polite">
          {format(value)}
        </output>
      </label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={format(value)}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <div className="field__bounds" aria-hidden="true">
        <span>{format(min)}</span>
        <span>{format(max)}</span>
      </div>
    </div>
  );
}
