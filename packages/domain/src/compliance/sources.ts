// The public texts the compliance data of this folder rests on (issue 34, docs/compliance/ccd2.md). Each
// entry is what the search tools returned on 2026-11-28: title and address as found, nothing added. A
// `secondary` source (a law firm, a vendor, a news page) is a pointer to the primary text, never the rule
// itself: a rule that rests only on one says so in `toVerify` where it is used.

export type SourceKind = 'primary' | 'authority-guidance' | 'secondary';

export interface Source {
  title: string;
  url: string;
  kind: SourceKind;
}

export const sources = {
  // ── EU ────────────────────────────────────────────────────────────────────────────────────────────────
  'ccd2-oj': {
    title:
      'Directive (EU) 2023/2225 of the European Parliament and of the Council of 18 October 2023 on credit agreements for consumers and repealing Directive 2008/48/EC (OJ L, 2023/2225, 30.10.2023)',
    url: 'https://eur-lex.europa.eu/eli/dir/2023/2225',
    kind: 'primary',
  },
  'ccd2-oj-sv': {
    title: 'Europaparlamentets och rådets direktiv (EU) 2023/2225 (konsoliderad text, SV)',
    url: 'https://eur-lex.europa.eu/legal-content/SV/TXT/HTML/?uri=CELEX:02023L2225-20231030',
    kind: 'primary',
  },
  'ccd2-oj-fi': {
    title: 'Euroopan parlamentin ja neuvoston direktiivi (EU) 2023/2225 (FI)',
    url: 'http://eur-lex.europa.eu/LexUriServ/LexUriServ.do?uri=CELEX%3A32023L2225%3AFI%3ANOT',
    kind: 'primary',
  },
  'ccd2-oj-da': {
    title: 'Europa-Parlamentets og Rådets direktiv (EU) 2023/2225 (DA)',
    url: 'https://eur-lex.europa.eu/legal-content/DA/ALL/?uri=CELEX%3A32023L2225',
    kind: 'primary',
  },
  'ccd2-art8-bg': {
    title: 'Директива (ЕС) 2023/2225, член 8 (BG text of art. 8, as reproduced by exlege.bg)',
    url: 'https://exlege.bg/normi/direktiva-es-2023-2225/links/54513',
    kind: 'secondary',
  },
  'ccd2-summary': {
    title: 'EUR-Lex summary: Consumer credit agreements (2023) — Directive (EU) 2023/2225',
    url: 'https://eurlex.europa.eu/EN/legal-content/summary/consumer-credit-agreements-2023.html?fromSummary=14',
    kind: 'authority-guidance',
  },
  'ccd2-dates': {
    title:
      'Regulation Tomorrow: Published in OJ: CCD II (transposition by 20 November 2025, application from 20 November 2026)',
    url: 'https://www.regulationtomorrow.com/eu/published-in-oj-ccd-ii/',
    kind: 'secondary',
  },
  // ── Sweden ────────────────────────────────────────────────────────────────────────────────────────────
  'se-kovfs-2025-1-kustom': {
    title:
      'Kustom: New regulations for marketing consumer credit in Sweden (KOVFS 2025:1, from 1 March 2025)',
    url: 'https://help.kustom.co/en/articles/277277-new-regulations-for-marketing-consumer-credit-in-sweden',
    kind: 'secondary',
  },
  'se-kovfs-2019-1': {
    title:
      'KOVFS 2019:1 Konsumentverkets föreskrifter om näringsidkares upplysningsskyldighet vid marknadsföring av högkostnadskrediter',
    url: 'https://lagen.nu/kovfs/2019:1',
    kind: 'primary',
  },
  'se-konsumentverket-krediter': {
    title: 'Konsumentverket: Krediter – regler för företag',
    url: 'https://konsumentverket.se/marknadsratt-foretag/krediter-regler-for-foretag',
    kind: 'authority-guidance',
  },
  'se-sou-2024-69': {
    title: 'SOU 2024:69 Ett nytt konsumentkreditdirektiv',
    url: 'https://lagen.nu/sou/2024:69',
    kind: 'primary',
  },
  'se-lag-2014-275': {
    title:
      'Lag (2014:275) om viss verksamhet med konsumentkrediter (Prop. 2013/14:107 Viss kreditgivning till konsumenter)',
    url: 'https://data.riksdagen.se/dokument/H103107.html',
    kind: 'primary',
  },
  'se-fi-register': {
    title: 'Finansinspektionen: Företagsregistret — Tillstånd av FI eller enbart registrering?',
    url: 'https://www.fi.se/sv/vara-register/foretagsregistret/tillstand-av-fi-eller-enbart-registrering/',
    kind: 'authority-guidance',
  },
  // ── Finland ───────────────────────────────────────────────────────────────────────────────────────────
  'fi-he-120-2025': {
    title:
      'HE 120/2025 vp Hallituksen esitys eduskunnalle laeiksi kuluttajansuojalain muuttamisesta ja eräiden kuluttajaluottojen välittäjistä sekä niihin liittyviksi laeiksi',
    url: 'https://www.eduskunta.fi/valtiopaivaasiakirjat/HE+120/2025',
    kind: 'primary',
  },
  'fi-dittmar-he-120': {
    title: 'Dittmar & Indrenius: Kohti modernimpia kuluttajaluottomarkkinoita ja laajempaa kuluttajansuojaa',
    url: 'https://www.dittmar.fi/news/eun-uudet-kuluttajaluottosaannot',
    kind: 'secondary',
  },
  'fi-kkv-linjaus': {
    title: 'KKV, kuluttaja-asiamiehen linjaus: Kuluttajaluottojen tarjoaminen (2017, tarkistettu 2023)',
    url: 'http://kkv.fi/ratkaisut-ja-julkaisut/julkaisut/kuluttaja-asiamiehen-linjaukset/aihekohtaiset/kuluttajaluottojen-tarjoaminen',
    kind: 'authority-guidance',
  },
  'fi-fiva-register': {
    title:
      'Finanssivalvonta: Kuluttajaluottojen myöntäjät ja vertaislainavälittäjät (laki 186/2023, valvonta siirtyi Finanssivalvonnalle 1.7.2023)',
    url: 'https://www.finanssivalvonta.fi/finanssisektorin-toimijalle/pankki/kuluttajaluottojen-myontajat-ja-vertaislainavalittajat/',
    kind: 'authority-guidance',
  },
  // ── Denmark ───────────────────────────────────────────────────────────────────────────────────────────
  'dk-l19': {
    title:
      'L 19 (2025-26) Forslag til lov om ændring af lov om kreditaftaler, lov om markedsføring, lov om forbrugslånsvirksomheder og forskellige andre love (Gennemførelse af det reviderede forbrugerkreditdirektiv), fremsat 8. oktober 2025',
    url: 'https://www.ft.dk/samling/20251/lovforslag/l19/20251_l19_som_fremsat.htm',
    kind: 'primary',
  },
  'dk-l19-hoeringsnotat': {
    title:
      'L 19 Bilag 1: Kommenteret oversigt over høringssvar (Justitsministeriet, 8. oktober 2025), afsnit 2.2.6 "Standardoplysninger, der skal indgå i markedsføring af kreditaftaler, samt krav om advarsel om, at det koster penge at låne penge"',
    url: 'https://www.ft.dk/samling/20251/lovforslag/L19/bilag/1/3078895/index.htm',
    kind: 'primary',
  },
  'dk-jura360-l19': {
    title: 'Jura360: Lovudkast til gennemførelse af EU’s reviderede forbrugerkreditdirektiv (2023/2225)',
    url: 'https://jura360.dk/artikel/new-draft-bill-implementing-eu-consumer-credit-rules-published-for-consultation',
    kind: 'secondary',
  },
  'dk-mondaq-l19': {
    title:
      'Mondaq: New Draft Bill Implementing EU Consumer Credit Rules Published For Consultation (Denmark, 27 August 2025)',
    url: 'https://www.mondaq.com/consumer-credit/1670516/new-draft-bill-implementing-eu-consumer-credit-rules-published-for-consultation',
    kind: 'secondary',
  },
  'dk-mfl-18': {
    title: 'Markedsføringsloven § 18 (standardoplysninger; stk. 4 kreditformidlers beføjelser)',
    url: 'https://danskelove.dk/markedsf%C3%B8ringsloven/18',
    kind: 'primary',
  },
  'dk-finanstilsynet-forbrugslaan': {
    title: 'Finanstilsynet: Forbrugslånsvirksomheder — søg om tilladelse',
    url: 'https://www.finanstilsynet.dk/ansoeg-og-indberet/soeg-om-tilladelse-mv/ansoeg/forbrugslaansvirksomheder-ny-lov',
    kind: 'authority-guidance',
  },
  // ── Norway ────────────────────────────────────────────────────────────────────────────────────────────
  'no-forbrukertilsynet-kreditt': {
    title:
      'Forbrukertilsynet: Veileder om kredittmarkedsføring (finansavtaleloven og finansavtaleforskriften fra 2023)',
    url: 'https://forbrukertilsynet.no/veileder-om-kredittmarkedsforing',
    kind: 'authority-guidance',
  },
  'no-forskrift-markedsforing-kreditt': {
    title:
      'Forskrift om markedsføring av kreditt (§ 5 Forbud mot å fremheve visse opplysninger; opphevet, videreført i finansavtaleforskriften)',
    url: 'https://www.regjeringen.no/no/dokumenter/forskrift-om-markedsforing-av-kreditt/id2548392/',
    kind: 'primary',
  },
  'no-laneformidlingsloven': {
    title: 'Lov 16. desember 2022 nr. 91 om låneformidling (låneformidlingsloven) § 1-2 definisjoner',
    url: 'https://norgeslover.no/lov/NL/lov/2022-12-16-91',
    kind: 'primary',
  },
  'no-finanstilsynet-laneformidling': {
    title: 'Finanstilsynet: Låneformidling (nye regler fra 1. juli 2023, søknad og registrering)',
    url: 'https://finanstilsynet.no/tema/laneformidling',
    kind: 'authority-guidance',
  },
} as const satisfies Record<string, Source>;

export type SourceId = keyof typeof sources;
