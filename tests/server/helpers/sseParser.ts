/**
 * A `text/event-stream` reader that follows the WHATWG HTML "Server-sent events"
 * interpretation rules as a browser's EventSource does, so tests see what a browser sees:
 * lines end in CRLF, LF or CR; a blank line dispatches; a message without data is
 * dropped; `id:` persists to later messages; a comment line (`:`) is ignored.
 */
export interface ParsedSseEvent {
  /** `message` when the frame named no event. */
  event: string;
  data: string;
  /** The stream's last event id when this message was dispatched (persists across messages). */
  lastEventId: string;
}

/** Incremental parser: feed it chunks as they arrive, it returns the messages completed by each. */
export class SseParser {
  private buffer = '';
  private data = '';
  private eventType = '';
  private lastEventId = '';
  private sawData = false;

  /** Adds `chunk` and returns every message whose terminating blank line it completed. */
  push(chunk: string): ParsedSseEvent[] {
    this.buffer += chunk;
    const out: ParsedSseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      // A lone CR at the end could be the first half of CRLF: wait for the next chunk.
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event) out.push(event);
    }
    return out;
  }

  private line(line: string): ParsedSseEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      this.data += `${value}\n`;
      this.sawData = true;
    } else if (field === 'event') {
      this.eventType = value;
    } else if (field === 'id' && !value.includes('\0')) {
      this.lastEventId = value;
    }
    return undefined;
  }

  private dispatch(): ParsedSseEvent | undefined {
    const data = this.data;
    const eventType = this.eventType;
    const sawData = this.sawData;
    this.data = '';
    this.eventType = '';
    this.sawData = false;
    if (!sawData) return undefined;
    return { event: eventType || 'message', data: data.slice(0, -1), lastEventId: this.lastEventId };
  }
}

/** Parses a whole stream text at once. */
export function parseSse(text: string): ParsedSseEvent[] {
  return new SseParser().push(text);
}
