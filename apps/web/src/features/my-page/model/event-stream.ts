// A reader of the server-sent events format (HTML Living Standard, "Interpreting an event stream") over a
// fetch body: the stream is read with fetch so that the token goes in a header, which EventSource cannot
// send. Only `event` and `data` fields matter here; comments (heartbeats) and `retry` are skipped.

export interface StreamEvent {
  name: string;
  data: string;
}

/** Splits text that arrives in arbitrary chunks into events; call `push` per chunk. */
export function createEventParser() {
  let buffer = '';
  return {
    push(chunk: string): StreamEvent[] {
      buffer += chunk.replace(/\r\n?/g, '\n');
      const events: StreamEvent[] = [];
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let name = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line === '' || line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') name = value;
          else if (field === 'data') data.push(value);
        }
        if (data.length > 0 || name !== 'message') events.push({ name, data: data.join('\n') });
        end = buffer.indexOf('\n\n');
      }
      return events;
    },
  };
}

export async function* parseEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createEventParser();
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) return;
      for (const event of parser.push(decoder.decode(value, { stream: true }))) yield event;
    }
  } finally {
    reader.releaseLock();
  }
}
