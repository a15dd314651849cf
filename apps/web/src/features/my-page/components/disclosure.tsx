import type { ReactNode } from 'react';

/**
 * A named section the applicant opens when they want it (issue 38: the offers come first; explanations,
 * histories and settings wait below under a heading that says what they hold). A native <details>: keyboard
 * and screen readers know it, it works before the page's script, and its heading stays in the outline.
 */
export function Disclosure({
  title,
  children,
  testId,
  open,
  level = 3,
}: {
  title: ReactNode;
  children: ReactNode;
  testId?: string;
  /** Open at first (the applicant can still close it). */
  open?: boolean;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <details className="disclosure" data-testid={testId} open={open}>
      <summary className="disclosure__summary">
        <Heading className="disclosure__title">{title}</Heading>
      </summary>
      <div className="disclosure__body">{children}</div>
    </details>
  );
}
