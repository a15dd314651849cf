import { personalPageNames } from '@nordloan/domain/brands/personal-page-name';
import { creditWarningDisplays } from '@nordloan/domain/compliance/credit-warning-display';
import type { Country } from '@nordloan/domain/enum-values';
import type { Locale } from '@nordloan/domain/enums';

// The texts of every message we send, per brand language (ADR 0030). They name the brand and carry one link
// and nothing else about the applicant: no name, no national identity number, no amounts — an e-mail or an
// SMS may be read on a locked screen or by someone else. Placeholders: {brand}, {link} and {myPage} — the
// personal page by the name the site gives it (@nordloan/domain/brands/personal-page-name; Finnish inflects
// "Omat sivut", so its texts spell the inflected form out).

export const messageKinds = [
  'magic-link',
  'offers-arrived',
  'offer-accepted',
  'documents-needed',
  'expiry-reminder',
  'co-applicant-invite',
  'human-review-answered',
  'credit-withdrawn',
  'rate-watch-saving',
] as const;
export type MessageKind = (typeof messageKinds)[number];

/** Consent purposes (§3). A reminder to take up credit is marketing in all four markets; the rest serve the application. */
export const purposeOfKind: Record<MessageKind, 'transactional' | 'marketing'> = {
  'magic-link': 'transactional',
  'offers-arrived': 'transactional',
  'offer-accepted': 'transactional',
  'documents-needed': 'transactional',
  'expiry-reminder': 'marketing',
  // The main applicant asked for it, for the application they share (ADR 0038).
  'co-applicant-invite': 'transactional',
  // The answer to the applicant's own request for a human review (CCD2 art. 18(8), ADR 0065).
  'human-review-answered': 'transactional',
  // The receipt of the applicant's own withdrawal from a credit agreement (CCD2 art. 26, ADR 0066).
  'credit-withdrawn': 'transactional',
  // A refinance is credit put before the reader: marketing, sent only under the rate watch's own consent
  // (modules/rate-watch, ADR 0081) on the one channel the customer chose — never under the general one.
  'rate-watch-saving': 'marketing',
};

/**
 * The kinds that put credit before the reader (offers waiting, a reminder to take them up, the way back to an
 * unfinished application): they advertise credit, so they carry the country's CCD2 art. 8(1) warning — the
 * e-mail in full above its text, the SMS its first line (ADR 0064). Receipts and document requests do not.
 */
export const kindsAdvertisingCredit: ReadonlySet<MessageKind> = new Set([
  'magic-link',
  'offers-arrived',
  'expiry-reminder',
  'rate-watch-saving',
]);

const countryOfLocale: Record<Locale, Country> = {
  'nb-NO': 'NO',
  'sv-SE': 'SE',
  'fi-FI': 'FI',
  'da-DK': 'DK',
};

/** The warning lines a message of this kind in this language carries; none where the country has none. */
export function creditWarningLinesOf(kind: MessageKind, locale: Locale): readonly string[] {
  if (!kindsAdvertisingCredit.has(kind)) return [];
  return creditWarningDisplays[countryOfLocale[locale]].lines;
}

export interface MessageTemplate {
  subject: string;
  /** E-mail paragraphs, plain text; the HTML part is built from them. */
  paragraphs: string[];
  sms: string;
}

type Catalogue = Record<MessageKind, MessageTemplate> & {
  greeting: string;
  linkLabel: string;
  marketingFooter: string;
  transactionalFooter: string;
  /** The rate watch's own footer: why this came, and how to stop it (ADR 0081). */
  rateWatchFooter: string;
};

export const messageTemplates: Record<Locale, Catalogue> = {
  'nb-NO': {
    greeting: 'Hei!',
    linkLabel: 'Åpne',
    transactionalFooter: 'Denne e-posten gjelder søknaden din hos {brand}. Svar ikke på den.',
    rateWatchFooter:
      'Du får denne meldingen fordi du har slått på renteovervåking hos {brand}. Du stopper den med ett trykk på {myPage}.',
    marketingFooter:
      'Du får denne påminnelsen fordi du har samtykket til markedsføring fra {brand}. Du kan trekke samtykket tilbake på {myPage}.',
    'magic-link': {
      subject: 'Fortsett søknaden din hos {brand}',
      paragraphs: [
        'Her er lenken for å fortsette søknaden din hos {brand}:',
        'Lenken virker i 72 timer og kan brukes én gang. Har du ikke bedt om den, kan du se bort fra denne e-posten.',
      ],
      sms: '{brand}: fortsett søknaden din her: {link} (gjelder i 72 timer)',
    },
    'offers-arrived': {
      subject: 'Du har fått lånetilbud hos {brand}',
      paragraphs: [
        'Du har fått tilbud på søknaden din. Se og sammenlign tilbudene på {myPage}:',
        'Tilbudene gjelder en begrenset tid.',
      ],
      sms: '{brand}: du har fått lånetilbud. Se dem på {link}',
    },
    'offer-accepted': {
      subject: 'Vi har mottatt aksepten din – {brand}',
      paragraphs: [
        'Du har akseptert et lånetilbud. Långiveren behandler saken videre, og du kan følge den på {myPage}:',
        'Har du ikke akseptert noe tilbud, ta kontakt med oss.',
      ],
      sms: '{brand}: vi har mottatt aksepten din. Følg saken på {link}',
    },
    'documents-needed': {
      subject: 'Vi trenger dokumentasjon fra deg – {brand}',
      paragraphs: [
        'Långiveren trenger dokumentasjon før søknaden kan gå videre. Last den opp på {myPage}:',
        'Jo før vi får den, jo før kan lånet behandles.',
      ],
      sms: '{brand}: långiveren trenger dokumentasjon fra deg. Last opp på {link}',
    },
    'human-review-answered': {
      subject: 'Svar på forespørselen om manuell vurdering – {brand}',
      paragraphs: [
        'Vi har svart på forespørselen din om at en person skulle vurdere avslaget. Les svaret på {myPage}:',
      ],
      sms: '{brand}: vi har svart på forespørselen din om manuell vurdering. Les svaret på {link}',
    },
    'credit-withdrawn': {
      subject: 'Du har gått fra kredittavtalen – {brand}',
      paragraphs: [
        'Vi har mottatt at du går fra kredittavtalen, og vi gir långiveren beskjed. Beløpet du skal betale tilbake og siste dag å betale står på {myPage}:',
      ],
      sms: '{brand}: du har gått fra kredittavtalen. Se beløpet og fristen for tilbakebetaling på {link}',
    },
    'co-applicant-invite': {
      subject: 'Du er invitert som medsøker hos {brand}',
      paragraphs: [
        'Du er oppgitt som medsøker på en lånesøknad hos {brand}. Logg inn med din egen BankID for å se dine opplysninger og gi samtykket ditt:',
        'Lenken gjelder i sju dager og kan brukes én gang. Kjenner du ikke til søknaden, kan du se bort fra denne meldingen.',
      ],
      sms: '{brand}: du er invitert som medsøker på en lånesøknad. Logg inn med BankID her: {link} (gjelder i en uke)',
    },
    'expiry-reminder': {
      subject: 'Lånetilbudene dine utløper snart – {brand}',
      paragraphs: ['Tilbudene du har fått, utløper snart. Se dem på {myPage}:'],
      sms: '{brand}: tilbudene dine utløper snart. Se dem på {link}',
    },
    'rate-watch-saving': {
      subject: 'Du kan spare på lånet ditt – {brand}',
      paragraphs: [
        'Vi har sett på lånet ditt igjen, slik du ba om: en refinansiering ser ut til å spare deg mer enn beløpet du satte. Slik har vi regnet:',
        'Anslagene er uforpliktende og gitt uten kredittsjekk; långiveren avgjør først når du søker. Se grunnlaget på {myPage}.',
      ],
      sms: '{brand}: en refinansiering kan spare deg mer enn beløpet du satte. Se grunnlaget på {link}',
    },
  },
  'sv-SE': {
    greeting: 'Hej!',
    linkLabel: 'Öppna',
    transactionalFooter: 'Det här mejlet gäller din ansökan hos {brand}. Svara inte på det.',
    rateWatchFooter:
      'Du får det här meddelandet eftersom du har slagit på räntebevakning hos {brand}. Du avslutar den med ett tryck på {myPage}.',
    marketingFooter:
      'Du får den här påminnelsen eftersom du har samtyckt till marknadsföring från {brand}. Du kan återkalla samtycket på {myPage}.',
    'magic-link': {
      subject: 'Fortsätt din ansökan hos {brand}',
      paragraphs: [
        'Här är länken för att fortsätta din ansökan hos {brand}:',
        'Länken gäller i 72 timmar och kan användas en gång. Om du inte har bett om den kan du bortse från det här mejlet.',
      ],
      sms: '{brand}: fortsätt din ansökan här: {link} (gäller i 72 timmar)',
    },
    'offers-arrived': {
      subject: 'Du har fått lånerbjudanden hos {brand}',
      paragraphs: [
        'Du har fått erbjudanden på din ansökan. Se och jämför dem på {myPage}:',
        'Erbjudandena gäller en begränsad tid.',
      ],
      sms: '{brand}: du har fått lånerbjudanden. Se dem på {link}',
    },
    'offer-accepted': {
      subject: 'Vi har tagit emot ditt godkännande – {brand}',
      paragraphs: [
        'Du har tackat ja till ett lånerbjudande. Långivaren handlägger ärendet vidare och du kan följa det på {myPage}:',
        'Om du inte har tackat ja till något erbjudande, kontakta oss.',
      ],
      sms: '{brand}: vi har tagit emot ditt ja. Följ ärendet på {link}',
    },
    'documents-needed': {
      subject: 'Vi behöver underlag från dig – {brand}',
      paragraphs: [
        'Långivaren behöver underlag innan ansökan kan gå vidare. Ladda upp det på {myPage}:',
        'Ju förr vi får det, desto förr kan lånet handläggas.',
      ],
      sms: '{brand}: långivaren behöver underlag från dig. Ladda upp på {link}',
    },
    'human-review-answered': {
      subject: 'Svar på din begäran om manuell granskning – {brand}',
      paragraphs: [
        'Vi har svarat på din begäran om att en person ska granska avslaget. Läs svaret på {myPage}:',
      ],
      sms: '{brand}: vi har svarat på din begäran om manuell granskning. Läs svaret på {link}',
    },
    'credit-withdrawn': {
      subject: 'Du har frånträtt kreditavtalet – {brand}',
      paragraphs: [
        'Vi har tagit emot att du frånträder kreditavtalet och meddelar långivaren. Beloppet du ska betala tillbaka och sista dagen att betala finns på {myPage}:',
      ],
      sms: '{brand}: du har frånträtt kreditavtalet. Se beloppet och sista dag att betala tillbaka på {link}',
    },
    'co-applicant-invite': {
      subject: 'Du är inbjuden som medsökande hos {brand}',
      paragraphs: [
        'Du är angiven som medsökande på en låneansökan hos {brand}. Logga in med ditt eget BankID för att se dina uppgifter och lämna ditt samtycke:',
        'Länken gäller i sju dagar och kan användas en gång. Om du inte känner till ansökan kan du bortse från det här meddelandet.',
      ],
      sms: '{brand}: du är inbjuden som medsökande på en låneansökan. Logga in med BankID här: {link} (gäller i en vecka)',
    },
    'expiry-reminder': {
      subject: 'Dina lånerbjudanden går snart ut – {brand}',
      paragraphs: ['Erbjudandena du har fått går snart ut. Se dem på {myPage}:'],
      sms: '{brand}: dina erbjudanden går snart ut. Se dem på {link}',
    },
    'rate-watch-saving': {
      subject: 'Du kan spara på ditt lån – {brand}',
      paragraphs: [
        'Vi har tittat på ditt lån igen, som du bad om: en omförhandling ser ut att spara mer än beloppet du angav. Så här har vi räknat:',
        'Uppskattningarna är inte bindande och gjorda utan kreditupplysning; långivaren beslutar först när du ansöker. Se underlaget på {myPage}.',
      ],
      sms: '{brand}: en omförhandling kan spara mer än beloppet du angav. Se underlaget på {link}',
    },
  },
  'fi-FI': {
    greeting: 'Hei!',
    linkLabel: 'Avaa',
    transactionalFooter: 'Tämä viesti koskee hakemustasi ({brand}). Älä vastaa tähän viestiin.',
    rateWatchFooter:
      'Saat tämän viestin, koska olet ottanut koron seurannan käyttöön ({brand}). Voit lopettaa sen yhdellä painalluksella Omilla sivuilla.',
    marketingFooter:
      'Saat tämän muistutuksen, koska olet antanut suostumuksen markkinointiin ({brand}). Voit perua suostumuksen Omilla sivuilla.',
    'magic-link': {
      subject: 'Jatka hakemustasi – {brand}',
      paragraphs: [
        'Tästä linkistä voit jatkaa hakemustasi ({brand}):',
        'Linkki on voimassa 72 tuntia ja toimii kerran. Jos et pyytänyt linkkiä, voit jättää tämän viestin huomiotta.',
      ],
      sms: '{brand}: jatka hakemustasi: {link} (voimassa 72 tuntia)',
    },
    'offers-arrived': {
      subject: 'Olet saanut lainatarjouksia – {brand}',
      paragraphs: [
        'Hakemukseesi on tullut tarjouksia. Katso ja vertaile niitä Omilla sivuilla:',
        'Tarjoukset ovat voimassa rajoitetun ajan.',
      ],
      sms: '{brand}: olet saanut lainatarjouksia. Katso ne: {link}',
    },
    'offer-accepted': {
      subject: 'Hyväksyntäsi on vastaanotettu – {brand}',
      paragraphs: [
        'Olet hyväksynyt lainatarjouksen. Lainanantaja jatkaa käsittelyä, ja voit seurata sitä Omilla sivuilla:',
        'Jos et ole hyväksynyt tarjousta, ota meihin yhteyttä.',
      ],
      sms: '{brand}: hyväksyntäsi on vastaanotettu. Seuraa asiaa: {link}',
    },
    'documents-needed': {
      subject: 'Tarvitsemme sinulta asiakirjoja – {brand}',
      paragraphs: [
        'Lainanantaja tarvitsee asiakirjoja ennen kuin hakemus voi edetä. Lataa ne Omilla sivuilla:',
        'Mitä aiemmin saamme ne, sitä nopeammin laina voidaan käsitellä.',
      ],
      sms: '{brand}: lainanantaja tarvitsee sinulta asiakirjoja. Lataa ne: {link}',
    },
    'human-review-answered': {
      subject: 'Vastaus pyyntöösi ihmisen tekemästä arvioinnista – {brand}',
      paragraphs: [
        'Olemme vastanneet pyyntöösi, että ihminen arvioi kielteisen päätöksen uudelleen. Lue vastaus Omilla sivuilla:',
      ],
      sms: '{brand}: olemme vastanneet arviointipyyntöösi. Lue vastaus: {link}',
    },
    'credit-withdrawn': {
      subject: 'Olet peruuttanut luottosopimuksen – {brand}',
      paragraphs: [
        'Olemme vastaanottaneet luottosopimuksen peruutuksen, ja ilmoitamme siitä luotonantajalle. Takaisin maksettava summa ja viimeinen maksupäivä näkyvät Omilla sivuilla:',
      ],
      sms: '{brand}: olet peruuttanut luottosopimuksen. Katso takaisin maksettava summa ja määräpäivä: {link}',
    },
    'co-applicant-invite': {
      subject: 'Sinut on kutsuttu kanssahakijaksi – {brand}',
      paragraphs: [
        'Sinut on merkitty kanssahakijaksi lainahakemukseen ({brand}). Kirjaudu omilla pankkitunnuksillasi nähdäksesi omat tietosi ja antaaksesi suostumuksesi:',
        'Linkki on voimassa seitsemän päivää ja toimii kerran. Jos et tiedä hakemuksesta, voit jättää tämän viestin huomiotta.',
      ],
      sms: '{brand}: sinut on kutsuttu kanssahakijaksi lainahakemukseen. Kirjaudu tästä: {link} (voimassa viikon)',
    },
    'expiry-reminder': {
      subject: 'Lainatarjouksesi vanhenevat pian – {brand}',
      paragraphs: ['Saamasi tarjoukset vanhenevat pian. Katso ne Omilla sivuilla:'],
      sms: '{brand}: tarjouksesi vanhenevat pian. Katso ne: {link}',
    },
    'rate-watch-saving': {
      subject: 'Voit säästää lainassasi – {brand}',
      paragraphs: [
        'Katsoimme lainaasi uudelleen pyyntösi mukaisesti: uudelleenrahoitus näyttää säästävän enemmän kuin asettamasi summa. Näin laskimme:',
        'Arviot ovat sitoumuksettomia ja tehty ilman luottotietokyselyä; lainanantaja päättää vasta, kun haet. Katso perusteet Omilla sivuilla.',
      ],
      sms: '{brand}: uudelleenrahoitus voi säästää enemmän kuin asettamasi summa. Katso perusteet: {link}',
    },
  },
  'da-DK': {
    greeting: 'Hej!',
    linkLabel: 'Åbn',
    transactionalFooter: 'Denne e-mail handler om din ansøgning hos {brand}. Svar ikke på den.',
    rateWatchFooter:
      'Du får denne besked, fordi du har slået renteovervågning til hos {brand}. Du stopper den med ét tryk på {myPage}.',
    marketingFooter:
      'Du får denne påmindelse, fordi du har givet samtykke til markedsføring fra {brand}. Du kan trække samtykket tilbage på {myPage}.',
    'magic-link': {
      subject: 'Fortsæt din ansøgning hos {brand}',
      paragraphs: [
        'Her er linket til at fortsætte din ansøgning hos {brand}:',
        'Linket virker i 72 timer og kan bruges én gang. Har du ikke bedt om det, kan du se bort fra denne e-mail.',
      ],
      sms: '{brand}: fortsæt din ansøgning her: {link} (gælder i 72 timer)',
    },
    'offers-arrived': {
      subject: 'Du har fået lånetilbud hos {brand}',
      paragraphs: [
        'Du har fået tilbud på din ansøgning. Se og sammenlign dem på {myPage}:',
        'Tilbuddene gælder i en begrænset periode.',
      ],
      sms: '{brand}: du har fået lånetilbud. Se dem på {link}',
    },
    'offer-accepted': {
      subject: 'Vi har modtaget din accept – {brand}',
      paragraphs: [
        'Du har accepteret et lånetilbud. Långiveren behandler sagen videre, og du kan følge den på {myPage}:',
        'Har du ikke accepteret et tilbud, så kontakt os.',
      ],
      sms: '{brand}: vi har modtaget din accept. Følg sagen på {link}',
    },
    'documents-needed': {
      subject: 'Vi mangler dokumentation fra dig – {brand}',
      paragraphs: [
        'Långiveren skal bruge dokumentation, før ansøgningen kan gå videre. Upload den på {myPage}:',
        'Jo før vi får den, jo før kan lånet behandles.',
      ],
      sms: '{brand}: långiveren mangler dokumentation fra dig. Upload på {link}',
    },
    'human-review-answered': {
      subject: 'Svar på din anmodning om manuel vurdering – {brand}',
      paragraphs: [
        'Vi har svaret på din anmodning om, at en person vurderer afslaget. Læs svaret på {myPage}:',
      ],
      sms: '{brand}: vi har svaret på din anmodning om manuel vurdering. Læs svaret på {link}',
    },
    'credit-withdrawn': {
      subject: 'Du har fortrudt kreditaftalen – {brand}',
      paragraphs: [
        'Vi har modtaget, at du fortryder kreditaftalen, og vi giver långiveren besked. Beløbet, du skal betale tilbage, og sidste frist for betaling står på {myPage}:',
      ],
      sms: '{brand}: du har fortrudt kreditaftalen. Se beløbet og fristen for tilbagebetaling på {link}',
    },
    'co-applicant-invite': {
      subject: 'Du er inviteret som medansøger hos {brand}',
      paragraphs: [
        'Du er angivet som medansøger på en låneansøgning hos {brand}. Log ind med dit eget MitID for at se dine oplysninger og give dit samtykke:',
        'Linket gælder i syv dage og kan bruges én gang. Kender du ikke til ansøgningen, kan du se bort fra denne besked.',
      ],
      sms: '{brand}: du er inviteret som medansøger på en låneansøgning. Log ind med MitID her: {link} (gælder i en uge)',
    },
    'expiry-reminder': {
      subject: 'Dine lånetilbud udløber snart – {brand}',
      paragraphs: ['De tilbud, du har fået, udløber snart. Se dem på {myPage}:'],
      sms: '{brand}: dine tilbud udløber snart. Se dem på {link}',
    },
    'rate-watch-saving': {
      subject: 'Du kan spare på dit lån – {brand}',
      paragraphs: [
        'Vi har set på dit lån igen, som du bad om: en omlægning ser ud til at spare mere end det beløb, du valgte. Sådan har vi regnet:',
        'Skønnene er uforpligtende og lavet uden kreditopslag; långiveren afgør først, når du ansøger. Se grundlaget på {myPage}.',
      ],
      sms: '{brand}: en omlægning kan spare mere end det beløb, du valgte. Se grundlaget på {link}',
    },
  },
};

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/**
 * Fills a kind's template for a brand: the subject, the text and HTML parts of the e-mail, and the SMS.
 * `details`: lines the sender worked out (the rate watch's saving and its basis, ADR 0081), shown after the
 * lead in the e-mail; `smsDetail` ends the SMS. Only the rate watch gives them: the customer asked for them.
 */
export function renderMessage(input: {
  kind: MessageKind;
  locale: Locale;
  brandName: string;
  link: string;
  details?: readonly string[] | undefined;
  smsDetail?: string | undefined;
}): RenderedMessage {
  const catalogue = messageTemplates[input.locale];
  const template = catalogue[input.kind];
  const fill = (text: string) =>
    text
      .replaceAll('{brand}', input.brandName)
      .replaceAll('{link}', input.link)
      .replaceAll('{myPage}', personalPageNames[input.locale]);
  const footer = fill(
    input.kind === 'rate-watch-saving'
      ? catalogue.rateWatchFooter
      : purposeOfKind[input.kind] === 'marketing'
        ? catalogue.marketingFooter
        : catalogue.transactionalFooter,
  );
  const details = input.details ?? [];
  const [lead, ...rest] = template.paragraphs.map(fill);
  const warning = creditWarningLinesOf(input.kind, input.locale);
  const warningText = warning.length > 0 ? [warning.join('\n')] : [];
  const text = [catalogue.greeting, ...warningText, lead, ...details, input.link, ...rest, '—', footer].join(
    '\n\n',
  );
  const warningHtml = warning.map((line, index) =>
    index === 0 ? `<strong>${escapeHtml(line)}</strong>` : escapeHtml(line),
  );
  const html = [
    '<!doctype html>',
    `<html lang="${input.locale.slice(0, 2)}"><head><meta charset="utf-8"><title>${escapeHtml(fill(template.subject))}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; max-width: 36rem">',
    `<p>${escapeHtml(catalogue.greeting)}</p>`,
    ...(warning.length > 0
      ? [
          `<p style="border: 2px solid #000; padding: 0.75em; color: #000; background: #fff" data-credit-warning>${warningHtml.join('<br>')}</p>`,
        ]
      : []),
    `<p>${escapeHtml(lead ?? '')}</p>`,
    ...(details.length > 0
      ? [`<ul>${details.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`]
      : []),
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(catalogue.linkLabel)}: ${escapeHtml(input.link)}</a></p>`,
    ...rest.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<hr><p style="font-size: 0.85em; color: #555">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  const own = input.smsDetail ? `${fill(template.sms)} ${input.smsDetail}` : fill(template.sms);
  const sms = warning.length > 0 ? `${warning[0]} ${own}` : own;
  return { subject: fill(template.subject), text, html, sms };
}
