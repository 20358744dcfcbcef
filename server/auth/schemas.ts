import { Type } from 'typebox';
import { IsoDate, Nullable, Uuid } from '../http/schemas';

export const UserSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  email: Type.String(),
  picture: Nullable(Type.String()),
});

export const OrganizationSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  plan: Type.String(),
});

export const TokensSchema = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  /** When the access token expires. */
  expires_at: IsoDate,
});

export const SessionSchema = Type.Object({
  ...TokensSchema.properties,
  user: UserSchema,
  organization: OrganizationSchema,
});

export const ProfileSchema = Type.Object({ user: UserSchema, organization: OrganizationSchema });

export const LoginBody = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});

export const RefreshBody = Type.Object({ refresh_token: Type.String({ minLength: 1, maxLength: 512 }) });

export const LogoutBody = Type.Object({ refresh_token: Type.Optional(Type.String({ maxLength: 512 })) });
