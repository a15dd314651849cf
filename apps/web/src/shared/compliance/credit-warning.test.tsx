import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrandConfig, brandIds, brands } from '@nordloan/domain/brands/registry';
import { creditWarnings } from '@nordloan/domain/compliance/credit-warning';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { applicationSessionStore } from '#src/session/active-application.ts';
import { authStore, initialAuthData } from '#src/session/auth-store.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { CreditWarning } from '#src/shared/compliance/credit-warning.tsx';
import { customerRecord, loanApplicationRecord, personRecord } from '#src/test/records.ts';
import { renderBrand } from '#src/test/render-brand.tsx';
import { customerToken } from '#src/test/tokens.ts';

// CCD2 art. 8(1) (issue 34, ADR 0064): the warning that borrowing money costs money — the country's words
// from the domain data, in the country's language, in the Swedish form where KOVFS 2025:1 sets one — and
// on the apply page above every step, before the form and the representative example.

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  configureServiceUrls({ api: 'https://api.test' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer([])),
  );
  sessionStorage.clear();
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetServiceUrls();
});

const lineTexts = (warning: HTMLElement) => [...warning.querySelectorAll('p')].map((p) => p.textContent);
const before = (a: Element, b: Element) =>
  (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

describe('the warning block, per brand', () => {
  it.each(brandIds)('%s: its country’s words, language, status and form', (id) => {
    const brand: BrandConfig = brands[id];
    render(
      <BrandProvider brand={brand}>
        <CreditWarning />
      </BrandProvider>,
    );
    const data = creditWarnings[brand.country];
    const warning = screen.queryByTestId('cost-warning');
    if (brand.country === 'NO') {
      expect(warning).toBeNull();
      return;
    }
    if (!warning) throw new Error('no warning');
    expect(lineTexts(warning)).toEqual([...data.lines]);
    expect(warning.getAttribute('lang')).toBe(data.locale);
    expect(warning.getAttribute('data-status')).toBe(data.status);
    // The headline names the block for screen readers.
    expect(warning.getAttribute('aria-labelledby')).toBe(warning.querySelector('p')?.id);
    const symbol = screen.queryByTestId('credit-warning-symbol');
    if (brand.country === 'SE') {
      expect(data.lines[0]).toBe('Att låna kostar pengar!');
      expect(warning.lang).toBe('sv-SE');
      expect(symbol).not.toBeNull();
      expect(symbol?.getAttribute('aria-hidden')).toBe('true');
      expect(warning.classList.contains('credit-warning--black-on-white')).toBe(true);
    } else {
      expect(symbol).toBeNull();
      expect(warning.classList.contains('credit-warning--black-on-white')).toBe(false);
    }
    if (brand.country === 'FI') expect(warning.getAttribute('data-status')).toBe('equivalent-unverified');
    if (brand.country === 'DK') expect(warning.getAttribute('data-status')).toBe('phrase-unverified');
  });

  it('CSS holds the Swedish symbol at three text lines: its height is three times the line height', () => {
    const css = readFileSync(join(import.meta.dirname, 'credit-warning.css'), 'utf8');
    expect(css).toMatch(/\.credit-warning__symbol \{[^}]*height: calc\(3 \* var\(--credit-warning-line\)\)/);
    expect(css).toMatch(/\.credit-warning__text p \{[^}]*line-height: var\(--credit-warning-line\)/);
    expect(css).toMatch(/\.credit-warning--black-on-white \{[^}]*background: #fff;[^}]*color: #000;/);
  });
});

const warningBrands = brandIds.filter((id) => brands[id].country !== 'NO');

describe('on the apply page: above every step, before the form and the example', () => {
  it.each(warningBrands)('%s: on the loan step (the calculator) and on the identity step', async (id) => {
    const brand = brands[id];
    renderBrand(brand, brand.paths.applyUnsecured);
    const form = await screen.findByTestId('step-loan');
    const warning = screen.getByTestId('cost-warning');
    expect(lineTexts(warning)).toEqual([...creditWarnings[brand.country].lines]);
    expect(before(warning, form)).toBe(true);
    expect(before(warning, screen.getByTestId('live-example'))).toBe(true);
    expect(before(screen.getByRole('heading', { level: 1 }), warning)).toBe(true);
    expect(screen.getAllByTestId('cost-warning')).toHaveLength(1);
    // The representative example in one sentence, after the warning and before the form's fields (a phone's
    // first screen; CCD2 art. 8(2)–(3)).
    const exampleLine = screen.getByTestId('example-line');
    expect(exampleLine.textContent).toContain(screen.getByTestId('example-text').textContent);
    expect(before(warning, exampleLine)).toBe(true);
    expect(before(exampleLine, screen.getByTestId('amount-field'))).toBe(true);

    fireEvent.change(screen.getByTestId('field-loanPurpose'), { target: { value: 'Renovation' } });
    fireEvent.click(screen.getByTestId('step-submit'));
    const identify = await screen.findByTestId('step-identify');
    expect(before(screen.getByTestId('cost-warning'), identify)).toBe(true);
    expect(screen.getAllByTestId('cost-warning')).toHaveLength(1);
  });

  it.each(warningBrands)('%s: on the front page, under its title and before the first amount', async (id) => {
    renderBrand(brands[id], '/');
    const heading = await screen.findByRole('heading', { level: 1 });
    const warning = screen.getByTestId('cost-warning');
    expect(lineTexts(warning)).toEqual([...creditWarnings[brands[id].country].lines]);
    expect(before(heading, warning)).toBe(true);
    expect(before(warning, screen.getByTestId('primary-apply-link'))).toBe(true);
  });

  it('no-main: Norway has no such rule, no warning', async () => {
    renderBrand(brands['no-main'], brands['no-main'].paths.applyUnsecured);
    await screen.findByTestId('step-loan');
    expect(screen.queryByTestId('cost-warning')).toBeNull();
  });

  describe('a returning applicant', () => {
    beforeEach(() => {
      const stored = loanApplicationRecord({
        Brand: 'se-main',
        Country: 'SE',
        CurrentStep: 'consent',
        CompletedSteps: ['loan', 'consent'],
      });
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
          const call = `${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`;
          if (call === 'GET /loan-application/app-1') return answer(stored);
          if (call === 'GET /person/pers-1') return answer(personRecord());
          if (call === 'GET /customer/cust-1') return answer(customerRecord());
          if (call === 'GET /loan-application')
            return answer({ Items: [stored], Total: 1, PageNumber: 1, PageSize: 100 });
          return answer([]);
        }),
      );
      const result = authStore
        .getState()
        .setToken(customerToken({ exp: Math.floor(Date.now() / 1000) + 3600 }), 'session');
      if (!result.ok) throw result.error;
      authStore.getState().setIdentity({ customerId: 'cust-1', personId: 'pers-1' });
      applicationSessionStore.getState().setActiveApplication('UnsecuredLoan', stored);
    });
    afterEach(() => {
      authStore.setState({ ...initialAuthData });
      applicationSessionStore.getState().clearActiveApplication('UnsecuredLoan');
    });

    it('se-main: the summary step, before submitting', async () => {
      renderBrand(brands['se-main'], brands['se-main'].paths.applyUnsecured);
      const summary = await screen.findByTestId('step-summary');
      const warning = screen.getByTestId('cost-warning');
      expect(warning.textContent).toContain('Att låna kostar pengar!');
      expect(before(warning, summary)).toBe(true);
    });
  });
});
