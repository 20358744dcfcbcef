import { Type } from 'typebox';
import { IsoDate, Nullable } from '../http/schemas';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwordPolicy';

/** TypeBox schemas of the password routes (SPEC.md section 7 "Auth", issue 5). */

const policy = `At least ${PASSWORD_MIN_LENGTH} and at most ${PASSWORD_MAX_LENGTH} characters (Unicode code points); no composition rules (OWASP ASVS V2.1)`;
/** Longer than the policy allows, so the policy's own detail explains a long password. */
const newPassword = Type.String({ maxLength: 1024, description: policy });
/** The opaque token of a mailed link: 43 base64url characters. */
const token = Type.String({ minLength: 1, maxLength: 512, description: 'The token query parameter of the mailed link' });

export const ResetRequestBody = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 320 }) },
  { additionalProperties: false },
);

/** The same answer whether or not the email has an account. */
export const ResetRequestAccepted = Type.Object({ message: Type.String() });

export const ResetBody = Type.Object({ token, password: newPassword }, { additionalProperties: false });

export const SetupBody = Type.Object(
  {
    token,
    password: newPassword,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Shown name; default the email’s local part' })),
  },
  { additionalProperties: false },
);

export const SetupPreviewBody = Type.Object({ token }, { additionalProperties: false });

/** What an invitation link leads to, shown on the setup screen before a password is chosen. */
export const SetupPreview = Type.Object({
  /** The invited email, lower-cased: the account's sign-in email. */
  email: Type.String(),
  organization: Type.Object({ name: Type.String() }),
  /** The member who sent it; null once that member was deleted. */
  invited_by: Nullable(Type.Object({ name: Type.String() })),
  expires_at: IsoDate,
});

export const ChangePasswordBody = Type.Object(
  { current_password: Type.String({ minLength: 1, maxLength: 1024 }), new_password: newPassword },
  { additionalProperties: false },
);
