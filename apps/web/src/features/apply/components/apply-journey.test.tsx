import { brands } from '@nordloan/domain/brands/registry';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveExample } from '#src/features/apply/model/live-example.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { renderBrand } from '#src/test/render-brand.tsx';

// The apply page in the DOM: the live example follows the amount, the Swedish warning, the card choice,
// and the §4 view-step event. No network: the terms list (the only call before login) answers empty.

beforeEach(() => {
  configureServiceUrls({ api: 'https://api.test' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  sessionStorage.clear();
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetServiceUrls();
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('apply page', () => {
  it('no-main: the example is the domain math for the amount typed, live', async () => {
    renderBrand(brands['no-main'], '/soknad/forbrukslan');
    const example = await screen.findByTestId('example-text');
    const expected = liveExample(brands['no-main'], 150_000, 5);
    if (expected.kind !== 'example') throw new Error('expected an example');
    expect(example.textContent).toBe(expected.example.text);
    fireEvent.change(screen.getByTestId('amount-field-input'), { target: { value: '300 000' } });
    const changed = liveExample(brands['no-main'], 300_000, 5);
    if (changed.kind !== 'example') throw new Error('expected an example');
    expect(screen.getByTestId('example-text').textContent).toBe(changed.example.text);
    expect(plain(screen.getByTestId('amount-field-value').textContent)).toBe('300 000 kr');
    // No Swedish warning outside Sweden, no product choice on the unsecured page (cards are on /soknad/lan).
    expect(screen.queryByTestId('cost-warning')).toBeNull();
    expect(screen.queryByTestId('product-choice')).toBeNull();
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({ event: 'view-step', step: 'loan', stepIndex: 0 }),
    );
  });

  it('an amount off the grid is named beside the field and the slider stays in bounds', async () => {
    renderBrand(brands['no-main'], '/soknad/forbrukslan');
    const input = await screen.findByTestId('amount-field-input');
    fireEvent.change(input, { target: { value: '152000' } });
    const field = screen.getByTestId('amount-field');
    expect(plain(within(field).getByRole('alert').textContent)).toBe(
      'Velg et beløp fra 10 000 til 800 000, i steg på 5 000.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('example-unavailable')).toBeTruthy();
  });

  it('se-main: the KOVFS 2025:1 warning on the application', async () => {
    renderBrand(brands['se-main'], '/soknad/forbrukslan');
    const warning = await screen.findByTestId('cost-warning');
    expect(warning.textContent).toContain('Att låna kostar pengar!');
    expect(warning.textContent).toContain('konsumentverket.se');
  });

  it('the one-form page offers the loan products; a card has a limit and no term', async () => {
    renderBrand(brands['no-main'], '/soknad/lan');
    const choice = await screen.findByTestId('product-choice');
    fireEvent.click(within(choice).getByLabelText('Kredittkort'));
    expect(screen.getByText('Kredittgrense')).toBeTruthy();
    expect(screen.queryByTestId('duration-field')).toBeNull();
    expect(plain(screen.getByTestId('amount-field-value').textContent)).toBe('50 000 kr');
  });
});
