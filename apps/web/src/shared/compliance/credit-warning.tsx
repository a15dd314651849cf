import {
  type CreditWarningDisplay,
  creditWarningDisplays,
} from '@nordloan/domain/compliance/credit-warning-display';
import type { Country } from '@nordloan/domain/enum-values';
import { useId } from 'react';
import { useBrand } from '#src/brands/brand-context.tsx';
import './credit-warning.css';

// CCD2 art. 8(1) (issue 34, ADR 0064): the warning that borrowing money costs money, on every page that
// advertises credit — every step of the application, the calculator (the apply page's first step) and the
// personal page's offers. Words, language and look are the country's data (@nordloan/domain/compliance/
// credit-warning-display: the lines only, not the rules and sources), never a translation: Sweden's three
// KOVFS 2025:1 lines with the red symbol at least three text lines high, black on white; Denmark's and
// Finland's line, marked by their status as not yet checked against the statute (data-status); nothing
// where the country has no wording (Norway).

/** The country's warning when it has one to show; null otherwise. */
export function creditWarningToShow(country: Country): CreditWarningDisplay | null {
  const warning: CreditWarningDisplay = creditWarningDisplays[country];
  return warning.lines.length > 0 ? warning : null;
}

/** The red warning sign (a triangle with an exclamation mark), sized by CSS to three text lines or more. */
function WarningSymbol() {
  return (
    <svg
      className="credit-warning__symbol"
      viewBox="0 0 64 56"
      aria-hidden="true"
      focusable="false"
      data-testid="credit-warning-symbol"
    >
      <path d="M32 2 62 54H2Z" fill="#d0021b" stroke="#d0021b" strokeWidth="3" strokeLinejoin="round" />
      <path d="M29 18h6l-1 20h-4Z" fill="#fff" />
      <circle cx="32" cy="45" r="3.5" fill="#fff" />
    </svg>
  );
}

export function CreditWarning({ className }: { className?: string }) {
  const { brand } = useBrand();
  const titleId = useId();
  const warning = creditWarningToShow(brand.country);
  if (!warning) return null;
  const [headline, ...rest] = warning.lines;
  const classes = ['credit-warning'];
  if (warning.look?.blackOnWhite) classes.push('credit-warning--black-on-white');
  if (className) classes.push(className);
  return (
    <aside
      className={classes.join(' ')}
      aria-labelledby={titleId}
      lang={warning.locale}
      data-testid="cost-warning"
      data-country={warning.country}
      data-status={warning.status}
    >
      {warning.look?.symbol && <WarningSymbol />}
      <div className="credit-warning__text">
        <p id={titleId} className="credit-warning__title">
          {headline}
        </p>
        {rest.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </aside>
  );
}
