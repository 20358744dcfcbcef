import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { invitations } from './invitations';

/**
 * Google sign-ins in flight (issue 5): what `POST /v1/auth/google` must remember until the
 * browser comes back to `POST /v1/auth/callback`. Kept in the database, not in memory, so
 * any API node can finish a sign-in another node started. A row is deleted when its
 * callback arrives (single use: a replayed code or state finds nothing) and lives 10
 * minutes otherwise; expired rows are swept when new ones are written.
 */
export const oidcLoginStates = pgTable(
  'oidc_login_states',
  {
    id: id(),
    /** The browser's random 32-hex-character `state` (SPEC.md section 5). */
    state: text('state').notNull(),
    /** PKCE `code_verifier` (RFC 7636); never leaves the server. */
    codeVerifier: text('code_verifier').notNull(),
    /** The `nonce` the ID token must carry (OpenID Connect Core 3.1.2.1). */
    nonce: text('nonce').notNull(),
    /** The allow-listed `redirect_uri` of the authorization request; the token request repeats it. */
    redirectUri: text('redirect_uri').notNull(),
    /**
     * The invitation whose mailed link the sign-in started from, if any: the callback then
     * joins that organization or says why not. Revoking the invitation ends the sign-in.
     */
    invitationId: uuid('invitation_id').references(() => invitations.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oidc_login_states_state_key').on(t.state), index('oidc_login_states_expires_idx').on(t.expiresAt)],
);
