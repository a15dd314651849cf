import { getBrand } from '@nordloan/domain/brands/registry';
import type { Locale } from '@nordloan/domain/enums';
import { roundHalfUp } from '@nordloan/domain/finance/loan-math';
import { withdrawalRightDays } from '@nordloan/domain/lending/expiry';
import { findLender } from '@nordloan/domain/lending/lender-panel';
import PDFDocument from 'pdfkit';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { LoanQuoteRow } from '#src/db/schema/lending.ts';
import { presentQuote } from './quote-presentation.service.ts';

// Pre-contractual information for one quote: the Standard European Consumer Credit Information (SECCI,
// CCD 2008/48/EC art. 5 and Annex II; regulation.md "all": creditor and broker identity, amount, term,
// instalments, total payable, borrowing rate, APR with example, costs, withdrawal and early repayment),
// in the brand's language, as an HTML page and a PDF. Figures are the quote's own, rounded for display.

interface SecciRow {
  label: string;
  value: string;
}

export interface SecciDocument {
  title: string;
  sections: { heading: string; rows: SecciRow[] }[];
  locale: Locale;
}

type LabelKey =
  | 'title'
  | 'parties'
  | 'creditor'
  | 'broker'
  | 'brokerRole'
  | 'credit'
  | 'amount'
  | 'term'
  | 'instalment'
  | 'instalments'
  | 'totalPayable'
  | 'costs'
  | 'borrowingRate'
  | 'apr'
  | 'example'
  | 'startupFee'
  | 'monthlyFee'
  | 'feeHandling'
  | 'upfront'
  | 'financed'
  | 'totalCost'
  | 'rights'
  | 'withdrawal'
  | 'withdrawalText'
  | 'earlyRepayment'
  | 'earlyRepaymentText'
  | 'validUntil'
  | 'months';

const labels: Record<Locale, Record<LabelKey, string>> = {
  'nb-NO': {
    title: 'Standardisert europeisk opplysningsskjema om forbrukslån',
    parties: 'Långiver og låneformidler',
    creditor: 'Långiver',
    broker: 'Låneformidler',
    brokerRole: 'Låneformidlerens rolle',
    credit: 'Lånet',
    amount: 'Lånebeløp',
    term: 'Nedbetalingstid',
    instalment: 'Månedlig terminbeløp',
    instalments: 'Antall terminer',
    totalPayable: 'Totalt å betale',
    costs: 'Kostnader',
    borrowingRate: 'Nominell rente',
    apr: 'Effektiv rente',
    example: 'Eksempel',
    startupFee: 'Etableringsgebyr',
    monthlyFee: 'Termingebyr',
    feeHandling: 'Etableringsgebyret',
    upfront: 'trekkes fra utbetalingen',
    financed: 'legges til lånet',
    totalCost: 'Samlet kredittkostnad',
    rights: 'Rettigheter',
    withdrawal: 'Angrerett',
    withdrawalText: `Du kan gå fra avtalen innen ${withdrawalRightDays} dager etter at den er inngått.`,
    earlyRepayment: 'Førtidig tilbakebetaling',
    earlyRepaymentText: 'Du kan når som helst betale tilbake hele eller deler av lånet.',
    validUntil: 'Tilbudet gjelder til',
    months: 'måneder',
  },
  'sv-SE': {
    title: 'Standardiserad europeisk konsumentkreditinformation',
    parties: 'Kreditgivare och kreditförmedlare',
    creditor: 'Kreditgivare',
    broker: 'Kreditförmedlare',
    brokerRole: 'Kreditförmedlarens roll',
    credit: 'Krediten',
    amount: 'Kreditbelopp',
    term: 'Löptid',
    instalment: 'Månadsbelopp',
    instalments: 'Antal betalningar',
    totalPayable: 'Totalt att betala',
    costs: 'Kostnader',
    borrowingRate: 'Nominell ränta',
    apr: 'Effektiv ränta',
    example: 'Exempel',
    startupFee: 'Uppläggningsavgift',
    monthlyFee: 'Aviavgift',
    feeHandling: 'Uppläggningsavgiften',
    upfront: 'dras från utbetalningen',
    financed: 'läggs till krediten',
    totalCost: 'Total kreditkostnad',
    rights: 'Rättigheter',
    withdrawal: 'Ångerrätt',
    withdrawalText: `Du kan frånträda avtalet inom ${withdrawalRightDays} dagar från att det ingicks.`,
    earlyRepayment: 'Förtidsbetalning',
    earlyRepaymentText: 'Du kan när som helst betala tillbaka hela eller delar av krediten.',
    validUntil: 'Erbjudandet gäller till',
    months: 'månader',
  },
  'fi-FI': {
    title: 'Vakiomuotoiset eurooppalaiset kuluttajaluottotiedot',
    parties: 'Luotonantaja ja luotonvälittäjä',
    creditor: 'Luotonantaja',
    broker: 'Luotonvälittäjä',
    brokerRole: 'Luotonvälittäjän asema',
    credit: 'Luotto',
    amount: 'Luoton määrä',
    term: 'Laina-aika',
    instalment: 'Kuukausierä',
    instalments: 'Erien lukumäärä',
    totalPayable: 'Takaisin maksettava yhteensä',
    costs: 'Kustannukset',
    borrowingRate: 'Nimelliskorko',
    apr: 'Todellinen vuosikorko',
    example: 'Esimerkki',
    startupFee: 'Avausmaksu',
    monthlyFee: 'Tilinhoitomaksu',
    feeHandling: 'Avausmaksu',
    upfront: 'vähennetään maksettavasta summasta',
    financed: 'lisätään luottoon',
    totalCost: 'Luottokustannukset yhteensä',
    rights: 'Oikeudet',
    withdrawal: 'Peruuttamisoikeus',
    withdrawalText: `Voit peruuttaa sopimuksen ${withdrawalRightDays} päivän kuluessa sen tekemisestä.`,
    earlyRepayment: 'Ennenaikainen takaisinmaksu',
    earlyRepaymentText: 'Voit maksaa luoton kokonaan tai osittain takaisin milloin tahansa.',
    validUntil: 'Tarjous on voimassa',
    months: 'kuukautta',
  },
  'da-DK': {
    title: 'Europæisk standardiseret forbrugerkreditinformation',
    parties: 'Kreditgiver og kreditformidler',
    creditor: 'Kreditgiver',
    broker: 'Kreditformidler',
    brokerRole: 'Kreditformidlerens rolle',
    credit: 'Kreditten',
    amount: 'Kreditbeløb',
    term: 'Løbetid',
    instalment: 'Månedlig ydelse',
    instalments: 'Antal ydelser',
    totalPayable: 'Samlet tilbagebetalingsbeløb',
    costs: 'Omkostninger',
    borrowingRate: 'Debitorrente',
    apr: 'ÅOP',
    example: 'Eksempel',
    startupFee: 'Etableringsgebyr',
    monthlyFee: 'Månedligt gebyr',
    feeHandling: 'Etableringsgebyret',
    upfront: 'trækkes fra udbetalingen',
    financed: 'lægges til kreditten',
    totalCost: 'Samlede kreditomkostninger',
    rights: 'Rettigheder',
    withdrawal: 'Fortrydelsesret',
    withdrawalText: `Du kan fortryde aftalen inden for ${withdrawalRightDays} dage efter indgåelsen.`,
    earlyRepayment: 'Førtidig tilbagebetaling',
    earlyRepaymentText: 'Du kan til enhver tid tilbagebetale hele eller dele af kreditten.',
    validUntil: 'Tilbuddet gælder til',
    months: 'måneder',
  },
};

/** What the broker's role row says (CCD2 arts. 37–38 and Annex II; issue 34, ADR 0064). */
interface BrokerRole {
  registration: { authority: string; register: string; registrationNumber: string };
  /** Names of the lenders the company is tied to; empty when it is tied to none. */
  tiedTo: string[];
}

const brokerRoleText: Record<Locale, (role: BrokerRole) => string> = {
  'nb-NO': ({ registration: r, tiedTo }) =>
    `${tiedTo.length ? `Låneformidler knyttet til ${tiedTo.join(', ')}` : 'Uavhengig låneformidler, ikke bundet til noen långiver'}. Tillatelse fra ${r.authority} (${r.register}), nr. ${r.registrationNumber}. Vi yter ikke rådgivning; långiveren gir deg kreditten.`,
  'sv-SE': ({ registration: r, tiedTo }) =>
    `${tiedTo.length ? `Kreditförmedlare knuten till ${tiedTo.join(', ')}` : 'Oberoende kreditförmedlare, inte knuten till någon kreditgivare'}. Tillstånd från ${r.authority} (${r.register}), nr ${r.registrationNumber}. Vi ger ingen rådgivning; kreditgivaren lämnar krediten.`,
  'fi-FI': ({ registration: r, tiedTo }) =>
    `${tiedTo.length ? `Luotonvälittäjä, sidottu luotonantajiin ${tiedTo.join(', ')}` : 'Riippumaton luotonvälittäjä, ei sidottu yhteenkään luotonantajaan'}. Rekisteröinti: ${r.authority} (${r.register}), nro ${r.registrationNumber}. Emme tarjoa neuvontapalveluja; luoton myöntää luotonantaja.`,
  'da-DK': ({ registration: r, tiedTo }) =>
    `${tiedTo.length ? `Kreditformidler knyttet til ${tiedTo.join(', ')}` : 'Uafhængig kreditformidler, ikke bundet til nogen kreditgiver'}. Registreret hos ${r.authority} (${r.register}), nr. ${r.registrationNumber}. Vi yder ikke rådgivning; kreditgiveren yder kreditten.`,
};

export function buildSecci(quote: LoanQuoteRow, application: LoanApplicationRow): SecciDocument {
  const brand = getBrand(application.brand);
  const locale = brand.i18n.defaultLocale as Locale;
  const text = labels[locale];
  const lender = findLender(quote.lenderId);
  const presented = presentQuote(quote, application);
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: brand.currency });
  const wholeMoney = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: brand.currency,
    maximumFractionDigits: 0,
  });
  const percent = (value: number, decimals: number) =>
    new Intl.NumberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(roundHalfUp(value, decimals) / 100);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  return {
    title: text.title,
    locale,
    sections: [
      {
        heading: text.parties,
        rows: [
          {
            label: text.creditor,
            value: lender ? `${lender.name} (${lender.organisationNumber})` : quote.lenderId,
          },
          {
            label: text.broker,
            value: `${brand.organisation.name} (${brand.organisation.number}), ${brand.contact.phone}, ${brand.contact.email}`,
          },
          {
            label: text.brokerRole,
            value: brokerRoleText[locale]({
              registration: brand.organisation.registration,
              tiedTo: brand.organisation.tiedLenderIds.map((id) => findLender(id)?.name ?? id),
            }),
          },
        ],
      },
      {
        heading: text.credit,
        rows: [
          { label: text.amount, value: wholeMoney.format(quote.amount) },
          { label: text.term, value: `${quote.durationMonths} ${text.months}` },
          { label: text.instalment, value: money.format(roundHalfUp(quote.monthlyPayment ?? 0, 2)) },
          { label: text.instalments, value: String(quote.durationMonths) },
          {
            label: text.totalPayable,
            value: wholeMoney.format(presented.RepresentativeExample.TotalPayable),
          },
        ],
      },
      {
        heading: text.costs,
        rows: [
          { label: text.borrowingRate, value: percent(quote.nominalRate, 2) },
          { label: text.apr, value: percent(quote.effectiveRate ?? 0, 1) },
          { label: text.example, value: presented.RepresentativeExample.Text },
          {
            label: text.startupFee,
            value: `${money.format(quote.startupFee)} (${text.feeHandling} ${text[quote.feeHandling as 'upfront' | 'financed']})`,
          },
          { label: text.monthlyFee, value: money.format(quote.monthlyFee) },
          { label: text.totalCost, value: wholeMoney.format(presented.RepresentativeExample.TotalCost) },
        ],
      },
      {
        heading: text.rights,
        rows: [
          { label: text.withdrawal, value: text.withdrawalText },
          { label: text.earlyRepayment, value: text.earlyRepaymentText },
          { label: text.validUntil, value: date.format(quote.expiresAt) },
        ],
      },
    ],
  };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** A plain, self-contained page: no scripts, no inline styles (the API's CSP allows neither). */
export function renderSecciHtml(document: SecciDocument): string {
  const sections = document.sections
    .map(
      (section) =>
        `<section><h2>${escapeHtml(section.heading)}</h2><table>${section.rows
          .map(
            (row) =>
              `<tr><th scope="row">${escapeHtml(row.label)}</th><td>${escapeHtml(row.value)}</td></tr>`,
          )
          .join('')}</table></section>`,
    )
    .join('\n');
  const lang = document.locale.slice(0, 2);
  return `<!doctype html>\n<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(document.title)}</title></head><body><main><h1>${escapeHtml(document.title)}</h1>\n${sections}\n</main></body></html>`;
}

export function renderSecciPdf(document: SecciDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: document.title } });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    // The standard PDF fonts have no narrow no-break space (Intl's digit grouping): a plain space prints.
    const printable = (value: string) => value.replace(/[\u202f\u00a0]/g, ' ');
    pdf.font('Helvetica-Bold').fontSize(16).text(printable(document.title));
    for (const section of document.sections) {
      pdf.moveDown().font('Helvetica-Bold').fontSize(12).text(printable(section.heading));
      for (const row of section.rows) {
        pdf
          .font('Helvetica-Bold')
          .fontSize(10)
          .text(`${printable(row.label)}: `, { continued: true });
        pdf.font('Helvetica').text(printable(row.value));
      }
    }
    pdf.end();
  });
}
