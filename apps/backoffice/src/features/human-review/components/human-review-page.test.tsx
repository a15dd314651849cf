import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ids, installFakeApi, me } from '#src/test/fake-api.ts';
import { renderApp } from '#src/test/render-app.tsx';
import { signedInStaffForEachTest } from '#src/test/signed-in-staff.ts';

// Issue 34 item 3 (ADR 0065): the case handler finds the review in the queue (due date, overdue), reads
// the applicant's view and the lender's answer, and answers with the main reasons.

signedInStaffForEachTest();

const reviewID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const review = {
  ID: reviewID,
  LoanApplicationID: ids.application,
  Status: 'open',
  View: 'My income went up in October.',
  DocumentID: null,
  Decisions: [
    {
      Source: 'lender',
      LenderID: 'no-fjordbanken',
      LenderName: 'Fjordbanken',
      Status: 266,
      DeclineCategory: 'lender-criteria',
      DecidedAt: '2026-11-28T10:00:00Z',
      Automated: true,
    },
  ],
  CreatedAt: '2026-11-29T10:00:00Z',
  DueAt: '2026-12-13T10:00:00Z',
  LenderAnswers: [
    {
      LenderID: 'no-fjordbanken',
      LenderName: 'Fjordbanken',
      Status: 'answered',
      Outcome: 'upheld',
      Explanation: 'Avslaget står ved lag.',
      AnsweredAt: '2026-11-29T11:00:00Z',
    },
  ],
  Outcome: null,
  Explanation: null,
  AnsweredAt: null,
  Country: 'NO',
  HumanReadableID: '100234',
  AnsweredBy: null,
};
const item = {
  ID: reviewID,
  LoanApplicationID: ids.application,
  HumanReadableID: '100234',
  Country: 'NO',
  Status: 'open',
  CreatedAt: '2026-11-10T10:00:00Z',
  DueAt: '2026-11-24T10:00:00Z',
  Overdue: true,
  Decisions: 1,
  LendersPending: 0,
};

it('lists the open reviews by due date, opens one and answers it with the main reasons', async () => {
  const explanation = 'Your income is below what every bank asks for this amount.';
  const api = installFakeApi({
    'GET /backoffice/me': {
      body: { ...me, Permissions: { ...me.Permissions, 'humanReview.answer': ['NO'] } },
    },
    'GET /backoffice/human-reviews': { body: { Items: [item], Total: 1 } },
    [`GET /backoffice/human-reviews/${reviewID}`]: { body: review },
    [`POST /backoffice/human-reviews/${reviewID}/answer`]: (call) => ({
      body: { ...review, Status: 'answered', ...(call.body as object), AnsweredAt: '2026-11-29T12:00:00Z' },
    }),
  });
  renderApp('/human-reviews');
  const row = await screen.findByTestId('human-review-item');
  expect(row.textContent).toMatch(/Overdue/);
  expect(api.find('GET', '/backoffice/human-reviews')[0]?.query.get('status')).toBe('open');
  fireEvent.click(screen.getByRole('link', { name: 'Open review' }));
  expect((await screen.findByTestId('human-review-view')).textContent).toBe('My income went up in October.');
  expect(screen.getByTestId('human-review-lenders').textContent).toMatch(
    /Fjordbanken.*Avslaget står ved lag/,
  );
  const send = screen.getByRole('button', { name: 'Send the answer' }) as HTMLButtonElement;
  expect(send.disabled).toBe(true);
  fireEvent.change(screen.getByLabelText('Main reasons, for the applicant'), {
    target: { value: explanation },
  });
  fireEvent.click(send);
  await waitFor(() =>
    expect(api.find('POST', `/backoffice/human-reviews/${reviewID}/answer`)[0]?.body).toEqual({
      Outcome: 'upheld',
      Explanation: explanation,
    }),
  );
  expect((await screen.findByTestId('human-review-answered')).textContent).toMatch(explanation);
});
