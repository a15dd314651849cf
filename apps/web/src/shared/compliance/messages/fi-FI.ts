// Texts of shared/compliance (issue 34, ADR 0064): our registration and role (CCD2 arts. 37–38), and the
// notice that offers are personalised by automated processing (art. 13). The facts (authority, register,
// number, link) come from the brand registry; these are only the words around them.
export const messages = {
  registration: {
    registered:
      '{{company}} on rekisteröity luotonvälittäjäksi, valvova viranomainen {{authority}}, nro {{number}}.',
    registerLabel: 'Rekisteri:',
    notTied:
      'Emme ole sidottuja yhteenkään pankkiin tai luotonantajaan, vaan vertailemme usean luotonantajan tarjouksia.',
    tied: 'Välitämme luottoja rajatulta joukolta luotonantajia, joiden kanssa meillä on sopimus.',
  },
  automatedOffers:
    'Tarjoukset on mukautettu sinulle henkilötietojesi automaattisen käsittelyn perusteella: pankit määrittävät koron ja ehdot automaattisesti hakemuksesi perusteella, ja järjestys lasketaan tarjousten kustannuksista.',
};
