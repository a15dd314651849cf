import type { Country } from '@nordloan/domain/enums';
import type { TestPerson, TestStaffMember } from './test-identities.ts';

// The local e-ID provider's identity page: the screen where BankID/MitID/FTN would ask for the
// person's credentials. Here one picks a test person or types a national id. Plain server-rendered HTML
// in the country's language, with labels and landmarks (axe checks it in e2e/oidc-login.e2e.ts).

interface PageText {
  lang: string;
  title: string;
  lead: string;
  peopleHeading: string;
  signInAs: string;
  typeHeading: string;
  nationalIdLabel: string;
  submit: string;
  cancel: string;
  invalid: string;
}

export const identityPageText: Record<Country | 'staff', PageText> = {
  NO: {
    lang: 'nb-NO',
    title: 'BankID (lokal testtjeneste)',
    lead: 'Dette er en lokal erstatning for BankID. Velg en testperson eller skriv inn et fødselsnummer.',
    peopleHeading: 'Testpersoner',
    signInAs: 'Logg inn som',
    typeHeading: 'Annen person',
    nationalIdLabel: 'Fødselsnummer (11 siffer)',
    submit: 'Logg inn',
    cancel: 'Avbryt innlogging',
    invalid: 'Fødselsnummeret er ikke gyldig.',
  },
  SE: {
    lang: 'sv-SE',
    title: 'BankID (lokal testtjänst)',
    lead: 'Detta är en lokal ersättning för BankID. Välj en testperson eller skriv in ett personnummer.',
    peopleHeading: 'Testpersoner',
    signInAs: 'Logga in som',
    typeHeading: 'Annan person',
    nationalIdLabel: 'Personnummer (ÅÅÅÅMMDD-NNNN)',
    submit: 'Logga in',
    cancel: 'Avbryt inloggningen',
    invalid: 'Personnumret är inte giltigt.',
  },
  FI: {
    lang: 'fi-FI',
    title: 'Tunnistautuminen (paikallinen testipalvelu)',
    lead: 'Tämä on paikallinen korvike FTN-tunnistautumiselle. Valitse testihenkilö tai kirjoita henkilötunnus.',
    peopleHeading: 'Testihenkilöt',
    signInAs: 'Tunnistaudu henkilönä',
    typeHeading: 'Muu henkilö',
    nationalIdLabel: 'Henkilötunnus (PPKKVV-NNNT)',
    submit: 'Tunnistaudu',
    cancel: 'Peruuta tunnistautuminen',
    invalid: 'Henkilötunnus ei ole kelvollinen.',
  },
  DK: {
    lang: 'da-DK',
    title: 'MitID (lokal testtjeneste)',
    lead: 'Dette er en lokal erstatning for MitID. Vælg en testperson eller indtast et CPR-nummer.',
    peopleHeading: 'Testpersoner',
    signInAs: 'Log ind som',
    typeHeading: 'Anden person',
    nationalIdLabel: 'CPR-nummer (DDMMÅÅ-NNNN)',
    submit: 'Log ind',
    cancel: 'Afbryd login',
    invalid: 'CPR-nummeret er ikke gyldigt.',
  },
  staff: {
    lang: 'en',
    title: 'Company sign-in (local test service)',
    lead: "This stands in for the company's identity provider. Pick a member of staff.",
    peopleHeading: 'Staff',
    signInAs: 'Sign in as',
    typeHeading: '',
    nationalIdLabel: '',
    submit: '',
    cancel: 'Cancel sign-in',
    invalid: '',
  },
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

const styles = `
body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}
main{max-width:32rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.5rem;border:1px solid #d1d5db}
h1{font-size:1.4rem;margin-top:0}h2{font-size:1.1rem}
ul{list-style:none;padding:0}li{margin:.4rem 0}
button{font:inherit;padding:.5rem .9rem;border-radius:.35rem;border:1px solid #1f2937;background:#1f2937;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1f2937;margin-top:1rem}
label{display:block;margin-bottom:.3rem;font-weight:600}
input{font:inherit;padding:.45rem;border:1px solid #4b5563;border-radius:.3rem;width:100%;box-sizing:border-box;margin-bottom:.6rem}
.error{color:#991b1b;font-weight:600}
`;

export function renderIdentityPage(options: {
  provider: Country | 'staff';
  action: string;
  people: TestPerson[];
  staff: TestStaffMember[];
  error?: boolean;
  typedValue?: string;
}): string {
  const text = identityPageText[options.provider];
  const action = escapeHtml(options.action);
  const choices =
    options.provider === 'staff'
      ? options.staff.map(
          (member) =>
            `<li><button type="submit" name="employeeId" value="${escapeHtml(member.employeeId)}">${escapeHtml(
              `${text.signInAs} ${member.name}`,
            )}</button> <span>${escapeHtml(
              member.roles
                .map((role) => (role.Country ? `${role.Name} ${role.Country}` : role.Name))
                .join(', '),
            )}</span></li>`,
        )
      : options.people.map(
          (person) =>
            `<li><button type="submit" name="nationalId" value="${escapeHtml(person.nationalId)}">${escapeHtml(
              `${text.signInAs} ${person.givenName} ${person.familyName}`,
            )}</button> <span>${escapeHtml(person.nationalId)}</span></li>`,
        );
  const typed =
    options.provider === 'staff'
      ? ''
      : `<h2>${escapeHtml(text.typeHeading)}</h2>
<form method="post" action="${action}/login" novalidate>
<label for="national-id">${escapeHtml(text.nationalIdLabel)}</label>
<input id="national-id" name="nationalId" autocomplete="off" inputmode="numeric" value="${escapeHtml(
          options.typedValue ?? '',
        )}"${options.error ? ' aria-invalid="true" aria-describedby="national-id-error"' : ''}>
${options.error ? `<p id="national-id-error" class="error" role="alert">${escapeHtml(text.invalid)}</p>` : ''}
<button type="submit">${escapeHtml(text.submit)}</button>
</form>`;
  return `<!doctype html>
<html lang="${text.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(text.title)}</title><style>${styles}</style></head>
<body><main data-testid="eid-identity-page">
<h1>${escapeHtml(text.title)}</h1>
<p>${escapeHtml(text.lead)}</p>
<h2>${escapeHtml(text.peopleHeading)}</h2>
<form method="post" action="${action}/login"><ul>${choices.join('')}</ul></form>
${typed}
<form method="post" action="${action}/cancel"><button type="submit" class="secondary">${escapeHtml(text.cancel)}</button></form>
</main></body></html>`;
}
