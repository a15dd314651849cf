import { applicationStatuses } from '@nordloan/domain/statuses';
import { describe, expect, it } from 'vitest';
import { buildTimeline, statusSentence } from './status-timeline.ts';

const states = (status: number) => buildTimeline(status).steps.map((step) => step.state);

describe('status timeline in plain words', () => {
  it('marks earlier phases done, the current one current, later ones upcoming', () => {
    expect(states(410)).toEqual(['done', 'done', 'done', 'current', 'upcoming', 'upcoming', 'upcoming']);
    expect(states(100)).toEqual([
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
  });
  it('stops the timeline at the phase where the application ended', () => {
    const timeline = buildTimeline(490);
    expect(timeline.ended).toBe(true);
    expect(timeline.sentence).toBe('withdrawn');
    expect(timeline.steps.map((s) => s.state)).toEqual([
      'done',
      'done',
      'done',
      'stopped',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
  });
  it('a disbursed loan (and a clawback, which is our commission) shows every step done', () => {
    expect(states(700).every((s) => s === 'done')).toBe(true);
    expect(states(800).every((s) => s === 'done')).toBe(true);
  });
  it('maps the statuses to sentences', () => {
    expect(statusSentence(155)).toBe('pendingCoApplicant');
    expect(statusSentence(180)).toBe('receiving');
    expect(statusSentence(210)).toBe('sendingToBanks');
    expect(statusSentence(310)).toBe('banksAssessing');
    expect(statusSentence(370)).toBe('notApproved');
    expect(statusSentence(410)).toBe('chooseOffer');
    expect(statusSentence(470)).toBe('notAccepted');
    expect(statusSentence(510)).toBe('bankChecking');
    expect(statusSentence(389)).toBe('expired');
    expect(statusSentence(190)).toBe('withdrawn');
    expect(statusSentence(199)).toBe('blocked');
    expect(statusSentence(588)).toBe('cloned');
    expect(statusSentence(270)).toBe('notRegistered');
  });
  it('every §4 status has a sentence', () => {
    for (const { code } of applicationStatuses) expect(statusSentence(code)).not.toBe('unknown');
  });
  it('dates each reached phase from the history (first arrival), phase 1 from the creation', () => {
    const timeline = buildTimeline(410, {
      createdAt: '2026-01-01T10:00:00Z',
      history: [
        { To: 160, CreatedAt: '2026-01-01T10:05:00Z' },
        { To: 200, CreatedAt: '2026-01-01T10:06:00Z' },
        { To: 210, CreatedAt: '2026-01-01T10:07:00Z' },
        { To: 300, CreatedAt: '2026-01-01T10:08:00Z' },
        { To: 410, CreatedAt: '2026-01-01T10:09:00Z' },
      ],
    });
    expect(timeline.steps.map((s) => s.reachedAt)).toEqual([
      '2026-01-01T10:00:00Z',
      '2026-01-01T10:06:00Z',
      '2026-01-01T10:08:00Z',
      '2026-01-01T10:09:00Z',
      null,
      null,
      null,
    ]);
  });
});
