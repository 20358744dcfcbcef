/** One plain-text mail: password reset and invitation links (DESIGN.md "The pieces": mail). */
export interface MailMessage {
  /** One recipient address. */
  to: string;
  subject: string;
  /** The whole body, plain text; links are written out in full. */
  text: string;
}

/**
 * Sends mail. The app holds one (`app.mailer`); tests pass a capturing fake through
 * `buildApp`'s `mailer` option or configure `SMTP_URL` against a local SMTP server.
 */
export interface Mailer {
  /**
   * Hands the message to the transport.
   * @throws Error when the transport refuses it (SMTP connection, authentication, address)
   */
  send(message: MailMessage): Promise<void>;
  /** Closes pooled connections; called when the app closes. */
  close(): Promise<void>;
}
