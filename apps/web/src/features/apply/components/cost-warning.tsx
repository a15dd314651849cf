import { swedishCostWarning } from '@nordloan/domain/cost-warning';

// Sweden's mandatory warning, in marketing and in the application (KOVFS 2025:1; regulation.md). The text
// is fixed by the rule and Swedish whatever the page, so it is the domain's Swedish text, not a translation.

export function CostWarning() {
  return (
    <aside
      className="apply-warning"
      aria-labelledby="cost-warning-title"
      data-testid="cost-warning"
      lang="sv"
    >
      <p id="cost-warning-title" className="apply-warning__title">
        {swedishCostWarning.title}
      </p>
      <p>{swedishCostWarning.text}</p>
      <p>{swedishCostWarning.help}</p>
    </aside>
  );
}
