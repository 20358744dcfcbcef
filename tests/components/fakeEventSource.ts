/**
 * A stand-in for the browser's EventSource (jsdom has none): records each stream it opens
 * with its URL and listeners, lets a test play the server (`dispatch`), and records close.
 * appHarness installs it as the global EventSource so the app's realtime bridge uses it.
 */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  /** The newest stream opened, or an error when none is. */
  static latest(): FakeEventSource {
    const latest = FakeEventSource.opened.at(-1);
    if (!latest) throw new Error('no EventSource opened yet');
    return latest;
  }

  /** The streams still open. */
  static open(): FakeEventSource[] {
    return FakeEventSource.opened.filter((source) => !source.closed);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  /** The server (or the browser, for `error`) dispatching `type`. */
  dispatch(type: string, init: MessageEventInit<string> = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, init));
  }

  /** The server sending one `webhook_event` with `id:` set to the event's id. */
  send(event: { id: string }) {
    this.dispatch('webhook_event', { data: JSON.stringify(event), lastEventId: event.id });
  }
}
