// Sweden's mandatory warning, in marketing and in the application (KOVFS 2025:1; regulation.md). The text
// is fixed by the rule and Swedish whatever the page, so it is not a translation key.
export const swedishCostWarning = {
  title: 'Att låna kostar pengar!',
  body: 'Om du inte kan betala tillbaka skulden i tid riskerar du en betalningsanmärkning. Det kan leda till svårigheter att få hyra bostad, teckna abonnemang och få nya lån.',
  support:
    'För stöd, vänd dig till budget- och skuldrådgivningen i din kommun. Kontaktuppgifter finns på konsumentverket.se.',
} as const;

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
      <p>{swedishCostWarning.body}</p>
      <p>{swedishCostWarning.support}</p>
    </aside>
  );
}
