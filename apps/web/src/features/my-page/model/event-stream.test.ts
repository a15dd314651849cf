import { describe, expect, it } from 'vitest';
import { createEventParser, parseEventStream } from './event-stream.ts';

describe('event stream parser', () => {
  it('reads events split across chunks, skipping comments and retry', () => {
    const parser = createEventParser();
    expect(parser.push('retry: 2000\nevent: ready\ndata: {"a"')).toEqual([]);
    expect(parser.push(':1}\n\n: keep-alive\n\nevent: changed\r\ndata: x\r\n\r\n')).toEqual([
      { name: 'ready', data: '{"a":1}' },
      { name: 'changed', data: 'x' },
    ]);
  });

  it('reads a fetch body to the end', async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('event: ready\ndata: 1\n\nevent: chan'));
        controller.enqueue(encoder.encode('ged\ndata: 2\n\n'));
        controller.close();
      },
    });
    const names: string[] = [];
    for await (const event of parseEventStream(body)) names.push(event.name);
    expect(names).toEqual(['ready', 'changed']);
  });
});
