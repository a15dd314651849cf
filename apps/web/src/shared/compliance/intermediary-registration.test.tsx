import { brandIds, brands } from '@nordloan/domain/brands/registry';
import { intermediaryAuthorities } from '@nordloan/domain/compliance/intermediary-registers';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { renderBrand } from '#src/test/render-brand.tsx';

// CCD2 arts. 37–38 (issue 34 item 6, ADR 0064): every brand page — the footer of the site layout — names
// the company's licence or registration with its country's authority and number, links to the register in
// a new tab, and says we are tied to no lender, in the brand's language, beside the broker notice.

beforeEach(() => {
  configureServiceUrls({ api: 'https://api.test' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetServiceUrls();
});

const notTied: Record<string, RegExp> = {
  NO: /^Vi er ikke bundet til noen bank eller långiver/,
  SE: /^Vi är inte knutna till någon bank eller kreditgivare/,
  FI: /^Emme ole sidottuja yhteenkään pankkiin tai luotonantajaan/,
  DK: /^Vi er ikke bundet til nogen bank eller kreditgiver/,
};

describe('registration and role on every brand page', () => {
  it.each(brandIds)('%s: authority, number, register link and "not tied" in the footer', async (id) => {
    const brand = brands[id];
    renderBrand(brand, brand.paths.applyUnsecured);
    await screen.findByTestId('step-loan');
    const footer = within(screen.getByTestId('site-footer'));
    const block = footer.getByTestId('intermediary-registration');
    const { registration } = brand.organisation;
    const competent = intermediaryAuthorities[brand.country];
    expect(registration.authority).toBe(competent.authority);
    expect(block.textContent).toContain(brand.organisation.name);
    expect(block.textContent).toContain(registration.authority);
    expect(block.textContent).toContain(registration.registrationNumber);
    const link = footer.getByTestId('intermediary-register-link');
    expect(link.getAttribute('href')).toBe(competent.registerUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe(registration.register);
    const tied = footer.getByTestId('intermediary-tied');
    expect(tied.getAttribute('data-tied')).toBe('false');
    expect(tied.textContent).toMatch(notTied[brand.country]!);
  });
});
