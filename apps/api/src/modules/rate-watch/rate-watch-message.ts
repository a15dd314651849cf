import type { Locale } from '@nordloan/domain/enums';
import type { RateWatchBasis } from '@nordloan/domain/lending/rate-watch';

// The saving and its basis in the message the customer asked for (docs/decisions/0081): the e-mail lists
// every figure the saving was counted from, the SMS the saving and the two rates. No name, no national id,
// no account: the figures of a loan the reader chose to be told about, on the channel they chose.

type Lines = {
  saving: string;
  today: string;
  estimate: string;
  assumptions: string;
  sms: string;
};

const texts: Record<Locale, Lines> = {
  'nb-NO': {
    saving: 'Beregnet besparelse over gjenværende løpetid: {saving}',
    today: 'Lånet ditt i dag: {rate} % nominell rente, {months} måneder igjen, restgjeld om lag {balance}',
    estimate: 'Beste anslag: {lender}, {from}–{to} % nominell rente (regnet med {to} %)',
    assumptions: 'Regnet med samme månedsgebyr ({fee}) og et nytt etableringsgebyr på {startup}',
    sms: 'Anslag: spar om lag {saving}, {to} % mot {rate} % i dag.',
  },
  'sv-SE': {
    saving: 'Beräknad besparing under återstående löptid: {saving}',
    today: 'Ditt lån i dag: {rate} % nominell ränta, {months} månader kvar, skuld cirka {balance}',
    estimate: 'Bästa uppskattning: {lender}, {from}–{to} % nominell ränta (räknat med {to} %)',
    assumptions: 'Räknat med samma månadsavgift ({fee}) och en ny uppläggningsavgift på {startup}',
    sms: 'Uppskattning: spara cirka {saving}, {to} % mot {rate} % i dag.',
  },
  'fi-FI': {
    saving: 'Arvioitu säästö jäljellä olevalla laina-ajalla: {saving}',
    today: 'Lainasi nyt: nimelliskorko {rate} %, {months} kuukautta jäljellä, velkaa noin {balance}',
    estimate: 'Paras arvio: {lender}, nimelliskorko {from}–{to} % (laskettu korolla {to} %)',
    assumptions: 'Laskettu samalla kuukausimaksulla ({fee}) ja uudella avausmaksulla {startup}',
    sms: 'Arvio: säästö noin {saving}, {to} % nykyisen {rate} % sijaan.',
  },
  'da-DK': {
    saving: 'Beregnet besparelse over den resterende løbetid: {saving}',
    today: 'Dit lån i dag: {rate} % nominel rente, {months} måneder tilbage, restgæld cirka {balance}',
    estimate: 'Bedste skøn: {lender}, {from}–{to} % nominel rente (regnet med {to} %)',
    assumptions: 'Regnet med samme månedsgebyr ({fee}) og et nyt etableringsgebyr på {startup}',
    sms: 'Skøn: spar cirka {saving}, {to} % mod {rate} % i dag.',
  },
};

/** The e-mail's basis lines and the SMS's ending, in the brand's language. */
export function savingLines(input: {
  locale: Locale;
  currency: string;
  saving: number;
  basis: RateWatchBasis;
}): { details: string[]; smsDetail: string } {
  const { locale, currency, basis } = input;
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
  const rate = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const values: Record<string, string> = {
    saving: money.format(input.saving),
    rate: rate.format(basis.CurrentNominalRate),
    months: String(basis.RemainingMonths),
    balance: money.format(basis.RemainingBalance),
    lender: basis.LenderName,
    from: rate.format(basis.EstimatedRateFrom),
    to: rate.format(basis.EstimatedRateTo),
    fee: money.format(basis.MonthlyFee),
    startup: money.format(basis.AssumedStartupFee),
  };
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
  const lines = texts[locale];
  return {
    details: [lines.saving, lines.today, lines.estimate, lines.assumptions].map(fill),
    smsDetail: fill(lines.sms),
  };
}
