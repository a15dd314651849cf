import { useId } from 'react';

/**
 * A labelled whole-number input of the offer dialogs (change one offer, re-quote them all): typed as
 * text (numeric keyboard on phones), marked invalid together with the dialog's one error message.
 */
export function NumericField(props: {
  label: string;
  value: string;
  invalid: boolean;
  errorId: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className="text-input"
        inputMode="numeric"
        value={props.value}
        aria-invalid={props.invalid}
        aria-describedby={props.invalid ? props.errorId : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}
