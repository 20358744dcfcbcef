import { Type } from 'typebox';
import { IsoDate, Nullable } from '../http/schemas';

/** TypeBox schemas of the VORTEX connection routes (the live-events issue; SPEC.md section 7 "Vortex"). */

/** Longest base URL accepted, in characters. */
const MAX_BASE_URL_LENGTH = 2048;

export const CredentialsBody = Type.Object(
  {
    base_url: Type.String({ minLength: 1, maxLength: MAX_BASE_URL_LENGTH, description: 'Absolute http(s) URL of the VORTEX adapter (server/vortex/README.md)' }),
    api_key: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'Required the first time; omitted, the saved key is kept' })),
    rotate_webhook_secret: Type.Optional(Type.Boolean({ description: 'True makes a new webhook secret; otherwise the saved one is kept' })),
  },
  { additionalProperties: false },
);

export const CredentialsSchema = Type.Object(
  {
    base_url: Type.String(),
    api_key_last4: Type.String({ description: 'The API key itself is never returned' }),
    webhook_url: Type.String({ format: 'uri', description: 'Paste into VORTEX’s webhook profile; holds the connection id' }),
    webhook_secret: Type.String({ description: 'Paste into VORTEX’s webhook profile as the X-Webhook-Secret header' }),
    last_sync_at: Nullable(IsoDate),
  },
  { $id: 'VortexCredentials' },
);

export const TestConnectionResult = Type.Object({
  ok: Type.Literal(true),
  version: Type.Optional(Type.String({ description: 'VORTEX’s version, when it tells' })),
});

export const SyncResult = Type.Object({
  created: Type.Integer({ description: 'Devices VORTEX listed that were new to the organization' }),
  updated: Type.Integer({ description: 'Devices VORTEX listed that the organization had' }),
  marked_offline: Type.Integer({ description: 'Devices VORTEX no longer lists that were not offline yet (none is deleted)' }),
  total: Type.Integer({ description: 'Devices VORTEX listed' }),
  skipped: Type.Integer({ description: "New devices VORTEX listed that were not added because the plan's device limit was reached" }),
  skipped_device_ids: Type.Array(Type.String(), { description: 'Their VORTEX device ids, in VORTEX’s order' }),
  limit_detail: Nullable(Type.String({ description: 'Why devices were skipped and how to add them; null when none was' })),
  last_sync_at: IsoDate,
});
