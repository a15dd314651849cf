import type { Locale } from './enums.ts';

// regulation.md, Sweden (KOVFS 2025:1): the warning a brand's §3 "high-cost warning" flag switches on, in
// marketing and in the application. One text for the whole product: the API's HighCostWarning field
// (GET /loan-application/{id}/loan-quotes-presentation-v2), the apply journey (always Swedish: the rule
// fixes the wording) and the offers page (in the page's language). docs/decisions/0018.

export interface CostWarningText {
  title: string;
  text: string;
  help: string;
}

export const costWarningTexts: Readonly<Record<Locale, CostWarningText>> = {
  'sv-SE': {
    title: 'Att låna kostar pengar!',
    text: 'Om du inte kan betala tillbaka skulden i tid riskerar du en betalningsanmärkning. Det kan leda till svårigheter att få hyra bostad, teckna abonnemang och få nya lån.',
    help: 'För stöd, vänd dig till budget- och skuldrådgivningen i din kommun. Kontaktuppgifter finns på konsumentverket.se.',
  },
  'nb-NO': {
    title: 'Å låne koster penger!',
    text: 'Hvis du ikke kan betale tilbake gjelden i tide, risikerer du en betalingsanmerkning. Det kan gjøre det vanskelig å leie bolig, tegne abonnement og få nye lån.',
    help: 'For støtte, kontakt gjelds- og budsjettrådgivningen i kommunen din.',
  },
  'da-DK': {
    title: 'Det koster penge at låne!',
    text: 'Hvis du ikke kan betale gælden tilbage til tiden, risikerer du en betalingsanmærkning. Det kan gøre det svært at leje bolig, tegne abonnementer og få nye lån.',
    help: 'Du kan få støtte hos gældsrådgivningen i din kommune.',
  },
  'fi-FI': {
    title: 'Lainaaminen maksaa!',
    text: 'Jos et pysty maksamaan velkaa ajallaan takaisin, saatat saada maksuhäiriömerkinnän. Se voi vaikeuttaa asunnon vuokraamista, liittymien tekemistä ja uusien lainojen saamista.',
    help: 'Tukea saat oman kuntasi talous- ja velkaneuvonnasta.',
  },
};

/** The wording the Swedish rule prescribes. */
export const swedishCostWarning: CostWarningText = costWarningTexts['sv-SE'];

/** The Swedish warning as one paragraph (the API's HighCostWarning field). */
export const swedishCostWarningText = [
  swedishCostWarning.title,
  swedishCostWarning.text,
  swedishCostWarning.help,
].join(' ');
