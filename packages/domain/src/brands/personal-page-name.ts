import type { Locale } from '../enum-values.ts';

// What the site calls its personal page, per language (issue 38: e-mails said "Mine sider" where the
// site says "Min side"). The web app's `purposes.myPage` and the API's message templates use these words;
// a test on each side holds them to this list. Every brand of a language shares the name.

export const personalPageNames: Record<Locale, string> = {
  'nb-NO': 'Min side',
  'sv-SE': 'Mina sidor',
  'fi-FI': 'Omat sivut',
  'da-DK': 'Min side',
};
