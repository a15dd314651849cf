import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { application360, ids, installFakeApi, me } from '#src/test/fake-api.ts';
import { renderApp } from '#src/test/render-app.tsx';
import { signedInStaffForEachTest } from '#src/test/signed-in-staff.ts';

// Issue 38: a Norwegian case handler reads the case in Norwegian — the summary at the top (who, what,
// how much in kroner, the status in words, the household, what it waits for and on whom), quotes with
// monthly and total cost and rates as percentages — with no internal id or status code on screen but in
// the record details disclosure.

const viewPath = `/backoffice/applications/${ids.application}`;
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The page's text outside the record details (the only place an id may be). */
function visibleText(): string {
  const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
  main.querySelector('[data-testid="record-details"]')?.remove();
  return main.textContent ?? '';
}

// No language chosen: the Norwegian agent's market decides.
signedInStaffForEachTest(null);

describe('the case summary, in the agent’s language', () => {
  it('tells a Norwegian case handler who, what, how much, where it stands and on whom it waits', async () => {
    installFakeApi({ 'GET /backoffice/me': { body: me }, [`GET ${viewPath}`]: { body: application360 } });
    renderApp(`/applications/${ids.application}`);
    const summary = await screen.findByTestId('case-summary');
    expect(document.documentElement.lang).toBe('nb');
    expect(screen.getByRole('heading', { level: 1, name: 'Ola Nordmann' })).toBeTruthy();

    const text = summary.textContent ?? '';
    // Product, amount in kroner and the term in years.
    expect(text).toMatch(/Forbrukslån · 150\s000\skr over 5 år/);
    // The status in words, never its code.
    expect(text).toContain('Hos bankene');
    expect(text).not.toMatch(/\b300\b/);
    // What it waits for, and whose queue item it is.
    expect(within(summary).getByTestId('summary-waiting').textContent).toBe(
      'Venter på bankene: sine kredittavgjørelser · I «Tilbud å presentere», tildelt deg',
    );
    // The household: the best offer's 3 370 kr a month against 45 000 kr net income.
    const household = within(summary).getByTestId('summary-household').textContent ?? '';
    expect(household).toContain('Kan betjene lånet');
    expect(household).toMatch(/Igjen hver måned: 32\s630\skr/);
    expect(text).toMatch(/0,24 × årsinntekten · grense 5 ×/);
    expect(text).toContain('Ikke kontrollert ennå');
    expect(text).toMatch(/1 åpent tilbud · beste: Kyst Sparebank, 3\s370\skr i måneden, 13,30\s%/);
    expect(text).toContain('Ingen samtale ennå');

    // No id anywhere on the page but in the closed record details.
    expect(visibleText()).not.toMatch(uuid);
    const details = screen.getByTestId('record-details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain(ids.application);
  });

  it('shows quotes with their monthly and total cost, rates as percentages and money in kroner', async () => {
    installFakeApi({ 'GET /backoffice/me': { body: me }, [`GET ${viewPath}`]: { body: application360 } });
    renderApp(`/applications/${ids.application}/quotes`);
    const figures = await screen.findByLabelText('Tilbud fra Kyst Sparebank');
    const text = figures.textContent ?? '';
    expect(text).toMatch(/Månedlig beløp3\s370\skr/);
    expect(text).toMatch(/Total kostnad52\s200\skr/);
    expect(text).toMatch(/Totalt å betale tilbake202\s200\skr/);
    expect(text).toMatch(/Effektiv rente13,30\s%/);
    expect(text).toMatch(/Nominell rente12,40\s%/);
    expect(text).toMatch(/60 måneder/);
    expect(screen.getByText('Åpent tilbud')).toBeTruthy();
    // The lender's status in words ("Registered" → "Hos bankene"), not 300.
    expect(visibleText()).not.toMatch(/\b300\b|\b410\b|UnsecuredLoan|0\.1524/);
    expect(visibleText()).not.toMatch(uuid);
  });

  it('writes a debt’s interest rate as a percentage and the answers in words (Finances)', async () => {
    const view = structuredClone(application360);
    view.Applicants[0]!.Debts[0]!.InterestRate = 0.1524;
    installFakeApi({ 'GET /backoffice/me': { body: me }, [`GET ${viewPath}`]: { body: view } });
    renderApp(`/applications/${ids.application}/finances`);
    const debts = await screen.findByRole('table', { name: 'Gjeld' });
    expect(debts.textContent).toMatch(/15,24\s%/);
    expect(debts.textContent).toContain('Kredittkort');
    expect(debts.textContent).toMatch(/20\s000\skr/);
    expect(visibleText()).not.toContain('0.1524');
    expect(screen.getByText('TV, telefon og internett')).toBeTruthy();
  });

  it('the History tab says who moved the case where, in words', async () => {
    installFakeApi({ 'GET /backoffice/me': { body: me }, [`GET ${viewPath}`]: { body: application360 } });
    renderApp(`/applications/${ids.application}/history`);
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(row.textContent).toContain('Påbegynt, ikke sendt');
    expect(row.textContent).toContain('Hos bankene');
    expect(row.textContent).toContain('Systemet');
  });

  it('follows the switch in the header and remembers it', async () => {
    installFakeApi({ 'GET /backoffice/me': { body: me }, [`GET ${viewPath}`]: { body: application360 } });
    renderApp(`/applications/${ids.application}`);
    await screen.findByTestId('case-summary');
    fireEvent.change(screen.getByLabelText('Språk'), { target: { value: 'sv' } });
    await waitFor(() =>
      expect(screen.getByTestId('summary-waiting').textContent).toMatch(/^Väntar på bankerna/),
    );
    expect(localStorage.getItem('nordloan.staff.language')).toBe('sv');
    expect(screen.getByRole('link', { name: /Ekonomi/ })).toBeTruthy();
  });
});
