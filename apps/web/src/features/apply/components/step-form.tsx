import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

// What every step's form shares: its props, the form element with the step's actions, and the react-hook-form
// handle the shared field groups (detail-fields.tsx) take whatever the step's own values are.

export type AnyForm = UseFormReturn<FieldValues>;
export const asAny = (form: unknown) => form as AnyForm;

export interface StepFormProps<Values, Output = Values> {
  defaults: Values;
  busy: boolean;
  onSubmit: (values: Output) => void;
  actions: ReactNode;
}

export function StepForm({
  testId,
  onSubmit,
  children,
  actions,
}: {
  testId: string;
  onSubmit: () => void;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <form
      className="panel apply-step"
      noValidate
      aria-labelledby="apply-step-title"
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className="apply-actions">{actions}</div>
    </form>
  );
}
