// Luottosopimuksen peruuttaminen (CCD2 art. 26, KSL 7:20–21; ADR 0066): the panel's words (Finnish).
export const messages = {
  heading: 'Peruuttamisoikeus',
  open: 'Allekirjoitit sopimuksen ({{lender}}) {{signed}}. Voit peruuttaa sen syytä ilmoittamatta {{closes}} asti.',
  owe: 'Jos peruutat tänään, maksat takaisin {{principal}} ja korkoa {{daily}} päivältä maksupäivään asti – enintään {{total}}, jos maksat viimeisenä päivänä {{payBy}}.',
  nothingOwed: 'Lainaa ei ole vielä maksettu sinulle, joten sinulla ei ole mitään maksettavaa takaisin.',
  start: 'Peruuta sopimus',
  confirmTitle: 'Haluatko peruuttaa luottosopimuksen?',
  confirmText: 'Ilmoitamme peruutuksesta heti luotonantajalle ({{lender}}). Peruutusta ei voi perua.',
  confirm: 'Kyllä, peruuta sopimus',
  cancel: 'Takaisin',
  failed: 'Peruutusta ei saatu tallennettua. Yritä uudelleen.',
  done: 'Peruutit sopimuksen ({{lender}}) {{date}}.',
  lenderTold: 'Luotonantajalle on ilmoitettu.',
  lenderPending: 'Ilmoitamme luotonantajalle parhaillaan.',
  payBack:
    'Maksa takaisin {{total}} viimeistään {{payBy}}: {{principal}} ja korkoa {{daily}} päivältä. Jos maksat aiemmin, korkoa kertyy vähemmän.',
  closed: 'Sopimuksen sai peruuttaa {{closes}} asti.',
};
