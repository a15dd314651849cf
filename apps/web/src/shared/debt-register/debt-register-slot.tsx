import { type ComponentType, lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';

// Where the apply form's debts step offers "fetch my debts from the debt register" (issue 35 item 3,
// ADR 0079), for the countries that have one the applicant can consent to (Norway's Gjeldsregisteret,
// Finland's positive credit register; Sweden keeps its one bureau inquiry at intake). The feature is a
// chunk of its own: the app layer provides the loader (app/app.tsx), this slot loads it on the press.

/** A register debt the applicant corrected: now their own statement, a row of the form's debts. */
export interface CorrectedDebtRow {
  id: string;
  debtType: string;
  creditor: string;
  balance: string;
  monthlyPayment: string;
}
export interface DebtRegisterPanelProps {
  applicationId: string;
  onCorrected(row: CorrectedDebtRow): void;
}
type PanelLoader = () => Promise<{ default: ComponentType<DebtRegisterPanelProps> }>;

const countriesWithRegister = new Set(['NO', 'FI']);

let panelLoader: PanelLoader | undefined;
/** Called once by the app layer; without it the slot shows nothing (e.g. a test of the form alone). */
export function provideDebtRegisterPanel(loader: PanelLoader): void {
  panelLoader = loader;
}

export function DebtRegisterSlot(props: DebtRegisterPanelProps) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const [open, setOpen] = useState(false);
  const Panel = useMemo(() => (open && panelLoader ? lazy(panelLoader) : null), [open]);
  if (!panelLoader || !countriesWithRegister.has(brand.country)) return null;
  if (!Panel) {
    return (
      <button
        type="button"
        className="button button--secondary"
        data-testid="debt-register-open"
        onClick={() => setOpen(true)}
      >
        {t('debtRegister.open')}
      </button>
    );
  }
  return (
    <Suspense fallback={<p className="muted">{t('debtRegister.loading')}</p>}>
      <Panel {...props} />
    </Suspense>
  );
}
