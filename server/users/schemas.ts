import { Type } from 'typebox';
import { Nullable } from '../http/schemas';

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
