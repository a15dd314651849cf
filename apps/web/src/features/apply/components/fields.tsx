import { type ReactNode, useId } from 'react';
import type { FieldError, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { offeredValues } from '#src/features/apply/model/form-choices.ts';

// Form controls of the apply journey: a visible label on every control, the error right below it in the
// brand's language, linked with aria-describedby and announced (role=alert) when it appears.

export function useErrorText() {
  const { t } = useTranslation();
  return (error: { message?: string } | undefined): string | null =>
    error?.message ? t(`apply.errors.${error.message}`, { defaultValue: t('apply.errors.required') }) : null;
}

export function FieldErrorText({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="error-text" role="alert">
      {message}
    </p>
  );
}

interface BaseProps<T extends FieldValues> {
  name: Path<T>;
  label: string;
  register: UseFormRegister<T>;
  error?: FieldError | undefined;
  hint?: string;
  testId?: string;
}

export function TextField<T extends FieldValues>({
  name,
  label,
  register,
  error,
  hint,
  testId,
  type = 'text',
  inputMode,
  autoComplete,
  readOnly,
}: BaseProps<T> & {
  type?: 'text' | 'email' | 'tel' | 'date';
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'text';
  autoComplete?: string;
  readOnly?: boolean;
}) {
  const id = useId();
  const errorText = useErrorText()(error);
  const describedBy = [hint ? `${id}-hint` : null, errorText ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field apply-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="apply-hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        className="text-input"
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete ?? 'off'}
        readOnly={readOnly}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy || undefined}
        data-testid={testId ?? `field-${name}`}
        {...register(name)}
      />
      <FieldErrorText id={`${id}-error`} message={errorText} />
    </div>
  );
}

export function SelectField<T extends FieldValues>({
  name,
  label,
  register,
  error,
  options,
  testId,
}: BaseProps<T> & { options: { value: string; label: string }[] }) {
  const id = useId();
  const { t } = useTranslation();
  const errorText = useErrorText()(error);
  return (
    <div className="field apply-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="text-input"
        aria-invalid={errorText ? true : undefined}
        aria-describedby={errorText ? `${id}-error` : undefined}
        data-testid={testId ?? `field-${name}`}
        {...register(name)}
      >
        <option value="">{t('apply.form.choose')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrorText id={`${id}-error`} message={errorText} />
    </div>
  );
}

export function RadioGroupField<T extends FieldValues>({
  name,
  label,
  register,
  error,
  options,
  testId,
}: BaseProps<T> & { options: { value: string; label: string }[] }) {
  const id = useId();
  const errorText = useErrorText()(error);
  return (
    <fieldset
      className="choice-group apply-field"
      aria-invalid={errorText ? true : undefined}
      aria-describedby={errorText ? `${id}-error` : undefined}
      data-testid={testId ?? `field-${name}`}
    >
      <legend>{label}</legend>
      {options.map((option) => (
        <label key={option.value} className="choice">
          <input type="radio" value={option.value} {...register(name)} />
          {option.label}
        </label>
      ))}
      <FieldErrorText id={`${id}-error`} message={errorText} />
    </fieldset>
  );
}

export function CheckboxField<T extends FieldValues>({
  name,
  label,
  register,
  error,
  testId,
  children,
}: BaseProps<T> & { children?: ReactNode }) {
  const id = useId();
  const errorText = useErrorText()(error);
  return (
    <div className="apply-check">
      <input
        id={id}
        type="checkbox"
        aria-invalid={errorText ? true : undefined}
        aria-describedby={errorText ? `${id}-error` : undefined}
        data-testid={testId ?? `field-${name}`}
        {...register(name)}
      />
      <label htmlFor={id}>
        {label}
        {children}
      </label>
      <FieldErrorText id={`${id}-error`} message={errorText} />
    </div>
  );
}

/**
 * Labels of a domain enum from `apply.enums.<group>` (keys are the enum values, spelled as the spec), each
 * meaning once: values that mean what another offered one means are left out (model/form-choices.ts).
 */
export function useEnumOptions(group: string, values: readonly (string | number)[]) {
  const { t } = useTranslation();
  const labels = t(`apply.enums.${group}`, { returnObjects: true }) as Record<string, string>;
  return offeredValues(group, values).map((value) => ({
    value: String(value),
    label: labels[String(value)] ?? String(value),
  }));
}
