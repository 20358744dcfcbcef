import { Type } from 'typebox';
import { IsoDate, Nullable, Uuid } from '../http/schemas';
import { EventSchema } from '../events/schemas';
import { PageQuery } from '../events/paging';

/** TypeBox schemas of alerts (SPEC.md sections 3 and 4: an alert is unresolved, then resolved). */

export const AlertSchema = Type.Object(
  {
    id: Uuid,
    event_id: Uuid,
    event_type: Type.String({ description: 'Intrusion, Line crossing or Tampering' }),
    resolved: Type.Boolean(),
    resolved_at: Nullable(IsoDate),
    resolved_by: Nullable(Uuid),
    created_at: IsoDate,
    event: EventSchema,
  },
  { $id: 'Alert' },
);

export const AlertListQuery = Type.Object(
  {
    resolved: Type.Optional(Type.Boolean()),
    event_type: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    device_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'VORTEX device id, as sent or as matched' })),
    ...PageQuery,
  },
  { additionalProperties: false },
);

export const AlertList = Type.Object({ alerts: Type.Array(AlertSchema), next_cursor: Nullable(Type.String()) });

/** Resolving is the only change an alert takes (SPEC.md section 7). */
export const ResolveAlertBody = Type.Object({ resolved: Type.Literal(true) }, { additionalProperties: false });
