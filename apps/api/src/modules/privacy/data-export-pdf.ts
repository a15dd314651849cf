import type { Locale } from '@nordloan/domain/enums';
import type { PersonDataExport } from '@nordloan/domain/privacy';
import PDFDocument from 'pdfkit';
import { type ExportLabelKey, exportLabels } from './data-export-labels.ts';

// The data export as a readable PDF in the person's language (ADR 0069), made the way the SECCI PDF is
// (lending/presentation/secci.ts): pdfkit, A4, the standard Helvetica fonts, headings and label: value rows.

interface Section {
  heading: string;
  /** Each item is a block of rows; an empty section prints "none". */
  items: { title?: string; rows: [string, string][] }[];
}

/** The export's sections as headings and label: value rows in the person's language (tested on their own). */
export function dataExportSections(
  data: PersonDataExport,
  locale: Locale,
): { title: string; sections: Section[] } {
  const l = (key: ExportLabelKey) => exportLabels[locale][key];
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const at = (value: string | null) => (value ? `${dateTime.format(new Date(value))} UTC` : '–');
  const number = new Intl.NumberFormat(locale);
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === ''
      ? '–'
      : typeof value === 'number'
        ? number.format(value)
        : value;
  const person = data.Person;
  const registerName = (register: string) =>
    register.startsWith('NO-') ? l('registerNO') : register.startsWith('FI-') ? l('registerFI') : register;
  return {
    title: l('title'),
    sections: [
      {
        heading: l('person'),
        items: [
          {
            rows: [
              [l('name'), text([person.FirstName, person.LastName].filter(Boolean).join(' '))],
              [l('birthDate'), text(person.BirthDate)],
              [l('nationalId'), person.NationalID],
              [l('email'), text(person.Email)],
              [l('phone'), text(person.Phone)],
              [
                l('address'),
                text([person.StreetAddress, person.PostalCode, person.City].filter(Boolean).join(', ')),
              ],
              [l('citizenship'), text(person.Citizenship)],
              [l('generated'), at(data.GeneratedAt)],
            ],
          },
        ],
      },
      {
        heading: l('customers'),
        items: data.Customers.map((row) => ({
          title: row.Brand,
          rows: [
            [l('email'), text(row.Email)],
            [l('phone'), text(row.Phone)],
            [l('terms'), text(row.AcceptedTermsVersion)],
            [l('created'), at(row.CreatedAt)],
          ],
        })),
      },
      {
        heading: l('applications'),
        items: data.Applications.map((row) => ({
          title: `${row.HumanReadableID} (${row.Product})`,
          rows: [
            [l('role'), row.Role === 'MainApplicant' ? l('mainApplicant') : l('coApplicant')],
            [l('status'), String(row.Status)],
            [l('amount'), text(row.Amount)],
            [l('duration'), row.Duration === null ? '–' : `${row.Duration} ${l('years')}`],
            [l('created'), at(row.CreatedAt)],
            [l('employer'), text(row.Applicant?.EmployerName)],
            [l('employmentType'), text(row.Applicant?.EmploymentType)],
            [l('netIncome'), text(row.Applicant?.NetMonthlyIncome)],
            [l('grossIncome'), text(row.Applicant?.GrossYearlyIncome)],
          ],
        })),
      },
      {
        heading: l('consents'),
        items: data.Consents.map((row) => ({
          rows: [
            [at(row.At), `${row.Purpose} / ${row.Channel}: ${row.Status} (${row.TextVersion}, ${row.Brand})`],
          ],
        })),
      },
      {
        heading: l('terms'),
        items: data.TermsAcceptances.map((row) => ({ rows: [[at(row.AcceptedAt), row.VersionLabel]] })),
      },
      {
        heading: l('documents'),
        items: data.Documents.map((row) => ({
          rows: [
            [at(row.UploadedAt), `${row.Filename} (${row.Category}, ${number.format(row.SizeBytes)} B)`],
          ],
        })),
      },
      {
        heading: l('messages'),
        items: data.Messages.map((row) => ({
          rows: [
            [
              at(row.SentAt ?? row.CreatedAt),
              `${row.Kind}, ${row.Channel}, ${row.MaskedAddress}: ${row.Status}`,
            ],
          ],
        })),
      },
      {
        heading: l('calls'),
        items: data.Calls.map((row) => ({
          rows: [[at(row.At), `${row.MaskedAddress}: ${row.Answered ? l('answered') : l('notAnswered')}`]],
        })),
      },
      {
        heading: l('inquiries'),
        items: data.CreditInquiries.map((row) => ({
          rows: [[at(row.CheckedAt), `${l('lender')}: ${row.LenderID}`]],
        })),
      },
      {
        heading: l('insurance'),
        items: data.Insurance.map((row) => ({
          title: `${row.Insurer} (${row.Brand})`,
          rows: [
            [l('status'), `${row.Decision}${row.Policy ? `, ${row.Policy.PolicyNumber}` : ''}`],
            [l('amount'), `${text(row.InsuredMonthlyAmount)} / ${text(row.MonthlyPremium)}`],
            [l('created'), at(row.CreatedAt)],
            ...row.Mandates.map((mandate): [string, string] => [
              mandate.Kind,
              `${mandate.Status}, ${at(mandate.At)}`,
            ]),
          ],
        })),
      },
      {
        heading: l('bankData'),
        items: data.BankData.map((row) => ({
          rows: [
            [
              at(row.ConsentGrantedAt ?? row.UpdatedAt),
              `${row.State}${row.ConsentScope ? ` (${row.ConsentScope})` : ''}`,
            ],
            [l('netIncome'), text(row.Corrected?.NetMonthlyIncome ?? row.Figures?.NetMonthlyIncome)],
          ],
        })),
      },
      {
        heading: l('debtRegister'),
        items: data.DebtRegisterInquiries.map((row) => ({
          title: registerName(row.Register),
          rows: [
            [l('role'), row.Role === 'MainApplicant' ? l('mainApplicant') : l('coApplicant')],
            [l('consentGiven'), `${at(row.ConsentGivenAt)} (${row.ConsentScope})`],
            [l('purpose'), row.ConsentPurpose],
            [l('status'), `${row.State}${row.Failure ? ` (${row.Failure})` : ''}, ${at(row.FetchedAt)}`],
            [l('registerReference'), text(row.RegisterReference)],
            [l('debtsFound'), row.Found.length === 0 ? l('none') : String(row.Found.length)],
            ...row.Found.map((debt): [string, string] => [
              `${debt.Creditor} (${debt.DebtType})`,
              [
                text(debt.Balance),
                debt.CreditLimit === null ? null : `${l('creditLimit')} ${text(debt.CreditLimit)}`,
                debt.MonthlyPayment === null ? null : `${text(debt.MonthlyPayment)} ${l('perMonth')}`,
              ]
                .filter(Boolean)
                .join(', '),
            ]),
          ],
        })),
      },
      {
        heading: l('rateWatches'),
        items: data.RateWatches.map((row) => ({
          rows: [
            [
              at(row.StartedAt),
              `${row.State}, ${row.IntervalMonths} / ${text(row.ThresholdAmount)} ${row.Currency}, ${row.Channel}`,
            ],
            ...row.Checks.map((check): [string, string] => [
              at(check.CheckedAt),
              `${l('saving')}: ${check.Saving === null ? '–' : `${text(check.Saving)} ${row.Currency}`}`,
            ]),
          ],
        })),
      },
      {
        heading: l('staffReads'),
        items: data.StaffReads.map((row) => ({
          rows: [[at(row.At), `${row.Action}${row.Country ? ` (${row.Country})` : ''}`]],
        })),
      },
    ],
  };
}

export function renderDataExportPdf(data: PersonDataExport, locale: Locale): Promise<Buffer> {
  const { title, sections } = dataExportSections(data, locale);
  const none = exportLabels[locale].none;
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title } });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    // The standard PDF fonts have no narrow no-break space (Intl's digit grouping): a plain space prints.
    const printable = (value: string) => value.replace(/[\u202f\u00a0]/g, ' ');
    pdf.font('Helvetica-Bold').fontSize(16).text(printable(title));
    for (const section of sections) {
      pdf.moveDown().font('Helvetica-Bold').fontSize(12).text(printable(section.heading));
      if (section.items.length === 0) pdf.font('Helvetica').fontSize(10).text(none);
      for (const item of section.items) {
        if (item.title) pdf.moveDown(0.3).font('Helvetica-Bold').fontSize(10).text(printable(item.title));
        for (const [label, value] of item.rows) {
          pdf
            .font('Helvetica-Bold')
            .fontSize(10)
            .text(`${printable(label)}: `, { continued: true });
          pdf.font('Helvetica').text(printable(value));
        }
      }
    }
    pdf.end();
  });
}
