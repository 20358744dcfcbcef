import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the capturing SMTP server received it. */
export interface CapturedMail {
  /** SMTP envelope recipients (RCPT TO). */
  recipients: string[];
  /** Header names lower-cased, folded lines joined. */
  headers: Record<string, string>;
  /** The plain-text body, transfer encoding undone. */
  text: string;
}

/** Undoes quoted-printable (RFC 2045 section 6.7): soft line breaks and `=XX` bytes. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Splits a single-part RFC 5322 message into headers and decoded text. */
export function parseMail(raw: string, recipients: string[]): CapturedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  const text =
    encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { recipients, headers, text: text.replace(/\r\n/g, '\n') };
}

/**
 * A local SMTP server on 127.0.0.1 and a free port that keeps every message it receives,
 * for tests that configure `SMTP_URL` (no TLS; optional plain AUTH checked against
 * `credentials`). `next()` resolves with the next message not yet taken.
 */
export async function startSmtpCapture(credentials?: { user: string; pass: string }) {
  const received: CapturedMail[] = [];
  const waiting: ((mail: CapturedMail) => void)[] = [];
  let taken = 0;
  const server = new SMTPServer({
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !credentials,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('latin1'), session.envelope.rcptTo.map((r) => r.address));
        received.push(mail);
        waiting.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    /** The next message not yet returned by an earlier call. */
    next(): Promise<CapturedMail> {
      const index = taken++;
      const mail = received[index];
      if (mail) return Promise.resolve(mail);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
