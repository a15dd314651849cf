// Luottosopimuksen allekirjoitus vahvalla tunnistautumisella (issue 36 item 1, ADR 0075): the panel's words (Finnish).
export const messages = {
  heading: 'Luottosopimus',
  waiting:
    'Odotamme luottosopimusta lainanantajalta {{lender}}. Se näkyy tässä heti, kun lainanantaja on lähettänyt sen.',
  read: 'Lue lainanantajan {{lender}} sopimus ennen allekirjoitusta. Siinä ovat lainasumma, korko, kulut ja peruuttamisoikeus.',
  download: 'Lataa sopimus (PDF)',
  fingerprint: 'Asiakirjan tunniste (SHA-256): {{hash}}',
  confirmRead: 'Olen lukenut luottosopimuksen',
  sign: 'Allekirjoita: {{provider}}',
  pending: 'Avaa {{provider}} ja vahvista allekirjoitus. Odotamme vastausta …',
  signedByMe: 'Allekirjoitit sopimuksen {{date}}.',
  waitingForCo: 'Sopimus on valmis, kun myös kanssahakija on allekirjoittanut sen.',
  complete: 'Sopimus allekirjoitettiin {{date}}. 14 päivän peruuttamisaika alkaa nyt.',
  lenderTold: 'Lainanantaja on saanut allekirjoitetun sopimuksen.',
  lenderPending: 'Lähetämme allekirjoitetun sopimuksen lainanantajalle nyt.',
  evidence: 'Lataa allekirjoitustodiste',
  expired: 'Tarjous vanheni {{date}}, joten sopimusta ei voi enää allekirjoittaa.',
  failed: 'Allekirjoitus ei valmistunut ({{reason}}). Tarjous on ennallaan – voit yrittää uudelleen.',
  startFailed: 'Allekirjoitusta ei saatu käynnistettyä. Yritä uudelleen.',
  reasons: {
    'user-cancelled': 'keskeytit palvelussa {{provider}}',
    'expired-transaction': 'aika loppui',
    other: 'tuntematon virhe',
  },
  roles: { MainApplicant: 'Päähakija', CoApplicant: 'Kanssahakija' },
  signerSigned: 'allekirjoitettu',
  signerPending: 'ei vielä allekirjoitettu',
};
