import { Type } from 'typebox';
import { IsoDate, Nullable, Uuid } from '../http/schemas';
import { PageQuery } from './paging';

/** TypeBox schemas of events (SPEC.md section 3 "Real-time event"). */

export const EventSchema = Type.Object(
  {
    id: Uuid,
    device_id: Type.String({ description: 'VORTEX device id as sent' }),
    device_name: Nullable(Type.String()),
    mapped_device_id: Nullable(Type.String({ description: 'VORTEX id of the organization’s device matched by id or MAC; null for an unknown device' })),
    device_mac: Nullable(Type.String()),
    event_type: Type.String({ description: 'Audio, Video motion, Intrusion, Line crossing, Tampering, or VORTEX’s own name' }),
    event_name: Nullable(Type.String()),
    local_time: Type.Number({ description: 'Unix seconds of the event’s instant' }),
    received_at: IsoDate,
    has_snapshot: Type.Boolean({ description: 'VORTEX sent a thumbnail with the event; GET /v1/devices/{id}/snapshot?timestamp=<local_time> serves it' }),
    alert: Nullable(Type.Object({ id: Uuid, resolved: Type.Boolean() }, { description: 'The alert the event raised (Intrusion, Line crossing, Tampering)' })),
  },
  { $id: 'Event' },
);

export const EventListQuery = Type.Object(
  {
    device_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'VORTEX device id, as sent or as matched' })),
    event_type: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'Events at or after this instant (ISO 8601)' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Events before this instant (ISO 8601)' })),
    ...PageQuery,
  },
  { additionalProperties: false },
);

export const EventList = Type.Object({ events: Type.Array(EventSchema), next_cursor: Nullable(Type.String()) });
