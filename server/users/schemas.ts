import { Type } from 'typebox';
import { IsoDate, Nullable, Uuid } from '../http/schemas';

/** PATCH /v1/auth/profile: the fields a user changes on the account settings screen. */
export const UpdateProfileBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Not blank; trimmed' })),
    picture: Type.Optional(
      Nullable(Type.String({ maxLength: 2048, description: 'An https URL of the avatar image, or null to remove it' })),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** GET /v1/users: a member of the caller's organization, as the invite screen lists them. */
export const MemberSchema = Type.Object(
  { id: Uuid, name: Type.String(), email: Type.String(), picture: Nullable(Type.String()), created_at: IsoDate },
  { $id: 'Member' },
);

export const MemberList = Type.Object({ users: Type.Array(MemberSchema) });
