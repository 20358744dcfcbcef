import { Type } from 'typebox';

/** TypeBox schemas of Google sign-in (SPEC.md section 7 "Auth": POST /auth/google, POST /auth/callback). */

/** SPEC.md section 5: the state is a random 32-hex-character string. */
const state = Type.String({ pattern: '^[0-9a-fA-F]{32}$', description: 'The random 32-hex-character state the browser saved in session storage' });

export const GoogleStartBody = Type.Object(
  {
    redirect_uri: Type.String({ minLength: 1, maxLength: 2048, description: 'Where Google returns the browser; must be on the server’s allow-list (OIDC_REDIRECT_URIS)' }),
    state,
    invitation_token: Type.Optional(
      Type.String({ minLength: 1, maxLength: 512, description: 'The token of the invitation link the sign-in starts from: the callback joins that organization' }),
    ),
  },
  { additionalProperties: false },
);

export const GoogleStartResponse = Type.Object({
  authorization_url: Type.String({ description: 'Google’s authorization URL (code flow, PKCE S256, nonce) to send the browser to' }),
});

/**
 * The query parameters Google put on the redirect: `code` and `state` (or `error`), and
 * whatever else it adds (`scope`, `authuser`, `hd`, `prompt`, `iss`).
 */
export const CallbackBody = Type.Object(
  {
    state,
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
    error_description: Type.Optional(Type.String({ maxLength: 2048 })),
    iss: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: Type.String({ maxLength: 2048 }), maxProperties: 16 },
);
