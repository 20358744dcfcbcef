import { pgTable, text, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { organizationId } from './organizations';

/** A person who signs in. Email is stored lower-cased and is unique across organizations. */
export const users = pgTable(
  'users',
  {
    id: id(),
    organizationId: organizationId(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    picture: text('picture'),
    /** argon2id PHC string; null for users who only sign in with Google. */
    passwordHash: text('password_hash'),
    /** OpenID Connect `sub` of the user's Google account. */
    googleSubject: text('google_subject'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    index('users_organization_idx').on(t.organizationId),
  ],
);
