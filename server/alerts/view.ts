import { eventView } from '../events/view';
import type { AlertWithEvent } from './repository';

/** Wire shape of an alert with its event (SPEC.md section 3 "Alert"). */
export function alertView({ alert, event, device }: AlertWithEvent) {
  return {
    id: alert.id,
    event_id: alert.eventId,
    event_type: event.eventType,
    resolved: alert.resolved,
    resolved_at: alert.resolvedAt?.toISOString() ?? null,
    resolved_by: alert.resolvedBy,
    created_at: alert.createdAt.toISOString(),
    event: eventView({ event, device, alert: { id: alert.id, resolved: alert.resolved } }),
  };
}
