import type { MailMessage } from '../mail/mailer';

/** An invitation lives 7 days (issue 5). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The invitation mail: who invites, into which organization, and the password setup link. */
export function invitationMail(input: { to: string; inviterName: string; organizationName: string; link: string }): MailMessage {
  return {
    to: input.to,
    subject: `${input.inviterName} invited you to ${input.organizationName} on Floorwatch`,
    text: [
      `${input.inviterName} invited you to join ${input.organizationName} on Floorwatch, where your team manages its buildings, floor plans and cameras.`,
      '',
      'Set your password and sign in here:',
      input.link,
      '',
      'The link works once and expires in 7 days. If you did not expect this invitation, ignore this mail.',
    ].join('\n'),
  };
}
