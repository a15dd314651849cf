export interface StepListProps {
  label: string;
  steps: { id: string; title: string }[];
  currentIndex: number;
}

/** The journey's steps; the current one is marked for assistive technology with aria-current. */
export function StepList({ label, steps, currentIndex }: StepListProps) {
  return (
    <ol className="steps" aria-label={label} data-testid="apply-steps">
      {steps.map((step, index) => (
        <li key={step.id} aria-current={index === currentIndex ? 'step' : undefined}>
          {step.title}
        </li>
      ))}
    </ol>
  );
}
