import { afterEach, describe, expect, it } from 'vitest';
import { createLocalTelephony, localCallOutcome } from './local-telephony.ts';
import type { TelephonyAdapter, TelephonyEvent } from './telephony-adapter.ts';

function recording(adapter: TelephonyAdapter) {
  const events: TelephonyEvent[] = [];
  adapter.onEvent(async (event) => {
    events.push(event);
  });
  return events;
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

describe('local telephony stand-in', () => {
  let adapter: TelephonyAdapter | undefined;
  afterEach(async () => {
    await adapter?.close();
  });

  it('chooses the outcome by the last digit of the customer number', () => {
    expect(localCallOutcome('+4791234560')).toBe('answered');
    expect(localCallOutcome('+4791234565')).toBe('answered');
    expect(localCallOutcome('+4791234566')).toBe('voicemail');
    expect(localCallOutcome('+4791234567')).toBe('no-answer');
    expect(localCallOutcome('+4791234568')).toBe('busy');
    expect(localCallOutcome('+4791234569')).toBe('failed');
  });

  it('an answered call: initiated, ringing, answered, completed — in order, after the delays', async () => {
    adapter = createLocalTelephony({ delays: { ring: 5, pickUp: 5, talk: 5 } });
    const events = recording(adapter);
    const { externalRef } = await adapter.placeCall({
      reference: 'r1',
      from: '+4721009000',
      to: '+4791234561',
    });
    expect(events).toEqual([]);
    await until(() => events.length === 4);
    expect(events.map((event) => event.kind)).toEqual(['initiated', 'ringing', 'answered', 'completed']);
    expect(events.every((event) => event.externalRef === externalRef && event.reference === 'r1')).toBe(true);
  });

  it('voicemail ends with completed; no answer, busy and failed end the call themselves', async () => {
    adapter = createLocalTelephony({ delays: { ring: 1, pickUp: 1, talk: 1 } });
    const events = recording(adapter);
    for (const [reference, to] of [
      ['vm', '+4791234566'],
      ['na', '+4791234567'],
      ['busy', '+4791234568'],
      ['fail', '+4791234569'],
    ] as const) {
      await adapter.placeCall({ reference, from: '+4721009000', to });
    }
    await until(() => events.length === 4 + 3 * 3);
    const kinds = (reference: string) =>
      events.filter((event) => event.reference === reference).map((event) => event.kind);
    expect(kinds('vm')).toEqual(['initiated', 'ringing', 'voicemail', 'completed']);
    expect(kinds('na')).toEqual(['initiated', 'ringing', 'no-answer']);
    expect(kinds('busy')).toEqual(['initiated', 'ringing', 'busy']);
    expect(kinds('fail')).toEqual(['initiated', 'ringing', 'failed']);
  });

  it('refuses a number it cannot dial, and after close places no call and sends no event', async () => {
    adapter = createLocalTelephony({ delays: { ring: 20, pickUp: 1, talk: 1 } });
    const events = recording(adapter);
    await expect(adapter.placeCall({ reference: 'x', from: '+4721009000', to: '91234561' })).rejects.toThrow(
      'E.164',
    );
    await adapter.placeCall({ reference: 'y', from: '+4721009000', to: '+4791234561' });
    await adapter.close();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(events.filter((event) => event.kind !== 'initiated')).toEqual([]);
    await expect(
      adapter.placeCall({ reference: 'z', from: '+4721009000', to: '+4791234561' }),
    ).rejects.toThrow();
  });
});
