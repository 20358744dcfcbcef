import { Type } from 'typebox';
import { IsoDate, Nullable, Uuid } from '../http/schemas';

/** TypeBox schemas of invitations (issue 5 "Inviting"). */

export const InvitationSchema = Type.Object(
  {
    id: Uuid,
    /** Lower-cased. */
    email: Type.String(),
    /** The member who sent it; null once that member was deleted. */
    invited_by: Nullable(Type.Object({ id: Uuid, name: Type.String(), email: Type.String() })),
    created_at: IsoDate,
    /** 7 days after it was sent. */
    expires_at: IsoDate,
  },
  { $id: 'Invitation' },
);

export const InvitationList = Type.Object({ invitations: Type.Array(InvitationSchema) });

export const CreateInvitationBody = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 320, description: 'The colleague’s email address' }) },
  { additionalProperties: false },
);
