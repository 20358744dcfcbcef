import type { Db } from '../db/client';
import { badRequest } from '../http/problem';
import type { MailMessage, Mailer } from '../mail/mailer';
import { hashOpaqueToken, newOpaqueToken } from './opaqueToken';
import { hashPassword } from './passwords';
import {
  findPasswordResetToken,
  insertPasswordResetToken,
  revokeUserSessions,
  updatePasswordHash,
  useAllPasswordResetTokens,
  type PasswordResetTokenRow,
} from './passwordRepository';
import { findUserByEmail } from './repository';

/** A reset link works for one hour (issue 5). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const INVALID = 'This password reset link is invalid or has expired. Ask for a new one from the sign-in screen.';
const USED = 'This password reset link was already used. Ask for a new one from the sign-in screen if you need to reset again.';

/** The reset mail: the link `${publicUrl}/reset-password?token=…` and how long it works. */
export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Floorwatch password',
    text: [
      'Someone (hopefully you) asked to reset the password of your Floorwatch account.',
      '',
      'Choose a new password here:',
      link,
      '',
      'The link works once and expires in 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * Mails a single-use reset link when `email` (lower-cased) has an account; does nothing
 * otherwise. Run it from the MailQueue, after the 202, so neither the answer nor its
 * timing tells whether the account exists.
 */
export async function sendPasswordResetLink(
  deps: { db: Db; mailer: Mailer; publicUrl: string; now: () => Date },
  email: string,
): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = newOpaqueToken();
  await insertPasswordResetToken(deps.db, {
    userId: user.id,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(deps.now().getTime() + RESET_TOKEN_TTL_MS),
  });
  await deps.mailer.send(passwordResetMail(user.email, `${deps.publicUrl}/reset-password?token=${token}`));
}

/**
 * Sets a new password from a reset link: the token is consumed (with every other open
 * reset link of the user) and every session of the user is revoked, since whoever held
 * the old password may hold one. The caller has checked the password policy.
 * @throws HttpProblem 400 naming `token` when it is unknown, expired or already used
 */
export async function resetPassword(db: Db, input: { token: string; password: string }, now: () => Date): Promise<void> {
  const tokenHash = hashOpaqueToken(input.token);
  const check = (row: PasswordResetTokenRow | undefined): PasswordResetTokenRow => {
    if (!row || row.expiresAt.getTime() <= now().getTime()) throw badRequest(INVALID, 'token');
    if (row.usedAt !== null) throw badRequest(USED, 'token');
    return row;
  };
  // Cheap check first, so a forged token never costs an argon2 hash; checked again under lock.
  check(await findPasswordResetToken(db, tokenHash));
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const row = check(await findPasswordResetToken(tx, tokenHash, true));
    await updatePasswordHash(tx, row.userId, passwordHash);
    await useAllPasswordResetTokens(tx, row.userId, now());
    await revokeUserSessions(tx, row.userId);
  });
}
