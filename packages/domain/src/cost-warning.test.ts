import { describe, expect, it } from 'vitest';
import { costWarningTexts, swedishCostWarning, swedishCostWarningText } from './cost-warning.ts';
import { locales } from './enums.ts';

describe('the Swedish cost warning (KOVFS 2025:1, regulation.md)', () => {
  it('is worded as the rule prescribes', () => {
    expect(swedishCostWarning.title).toBe('Att låna kostar pengar!');
    expect(swedishCostWarningText).toBe(
      'Att låna kostar pengar! Om du inte kan betala tillbaka skulden i tid riskerar du en betalningsanmärkning. ' +
        'Det kan leda till svårigheter att få hyra bostad, teckna abonnemang och få nya lån. ' +
        'För stöd, vänd dig till budget- och skuldrådgivningen i din kommun. Kontaktuppgifter finns på konsumentverket.se.',
    );
  });

  it('has a title, text and help in every locale', () => {
    for (const locale of locales) {
      const text = costWarningTexts[locale];
      expect(
        [text.title, text.text, text.help].every((part) => part.trim().length > 0),
        locale,
      ).toBe(true);
    }
  });
});
