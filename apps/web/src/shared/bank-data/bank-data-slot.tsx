import type { DebtType } from '@nordloan/domain/enums';
import { type ComponentType, lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Where the apply form's income step offers "fetch from your bank" (issue 35 item 2, ADR 0076) without
// carrying the bank-data feature in the apply page's first load: the app layer provides the loader
// (app/app.tsx: a dynamic import of features/bank-data), this slot loads it on the first press, or at
// once when the browser comes back from the bank (?bankData=… in the address).

export interface BankFiguresToApply {
  netMonthlyIncome: number | null;
  housingCostMonthly: number | null;
  /** Each loan the applicant kept, with the type and remaining balance they gave (the bank knows neither). */
  loans: { creditor: string; monthlyPayment: number; debtType?: DebtType; balance?: number }[];
}
export interface BankDataPanelProps {
  applicationId: string;
  /** What the bank's redirect came back with (bankData=connected, or the reason), if it just did. */
  outcome: string | null;
  /** Where the bank sends the browser back: this page. */
  returnPath: string;
  onApply(figures: BankFiguresToApply): void;
}
type PanelLoader = () => Promise<{ default: ComponentType<BankDataPanelProps> }>;

let panelLoader: PanelLoader | undefined;
/** Called once by the app layer; without it the slot shows nothing (e.g. a test of the form alone). */
export function provideBankDataPanel(loader: PanelLoader): void {
  panelLoader = loader;
}

function currentOutcome(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get('bankData');
}
function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  const params = new URLSearchParams(window.location.search);
  params.delete('bankData');
  const query = params.toString();
  return `${window.location.pathname}${query ? `?${query}` : ''}`;
}

export function BankDataSlot(props: { applicationId: string; onApply(figures: BankFiguresToApply): void }) {
  const { t } = useTranslation();
  const outcome = useMemo(currentOutcome, []);
  const [open, setOpen] = useState(outcome !== null);
  const Panel = useMemo(() => (open && panelLoader ? lazy(panelLoader) : null), [open]);
  if (!panelLoader) return null;
  if (!Panel) {
    return (
      <button
        type="button"
        className="button button--secondary"
        data-testid="bank-data-open"
        onClick={() => setOpen(true)}
      >
        {t('bankData.open')}
      </button>
    );
  }
  return (
    <Suspense fallback={<p className="muted">{t('bankData.loading')}</p>}>
      <Panel
        applicationId={props.applicationId}
        outcome={outcome}
        returnPath={currentPath()}
        onApply={props.onApply}
      />
    </Suspense>
  );
}
