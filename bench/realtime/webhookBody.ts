/**
 * Real-shaped VORTEX webhook bodies for the load: the simulator's fleet, event catalog and
 * template renderer (server/vortex-sim), i.e. VIVOTEK's JSON template with the optional
 * `mac`, `localISOTime` and `utcTime` variables, no thumbnail, in the catalog's mix of
 * event types (about a third raise alerts). The event name carries the bench's marker
 * (bench/realtime/marker.ts).
 */
import { simulatedFleet, type SimDevice } from '../../server/vortex-sim/devices';
import { DEFAULT_EVENT_TYPES } from '../../server/vortex-sim/eventCatalog';
import { createSeededRandom, pick, pickWeighted, type Random } from '../../server/vortex-sim/random';
import { renderWebhookPayload, SIM_ORGANIZATION, type WebhookPayload } from '../../server/vortex-sim/webhookPayload';
import { encodeMarker, type Marker } from './marker';

/** The devices the bench organization has (registered as a VORTEX sync would) and webhooks name. */
export const BENCH_FLEET: readonly SimDevice[] = simulatedFleet();

/** Rendered templates reused within one second: rendering one (Intl time-zone formatting) costs more than posting it. */
const POOL_SIZE = 64;

/** Makes webhook bodies; one per load process, seeded so a run can be repeated. */
export class WebhookBodies {
  private readonly random: Random;
  private pool: { payload: WebhookPayload; name: string }[] = [];
  private poolSecond = -1;

  constructor(seed = 42) {
    this.random = createSeededRandom(seed);
  }

  /** The JSON body for load event `marker.seq` of run `marker.run`; its VORTEX `eventId` is unique to both. */
  body(marker: Marker): string {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.poolSecond) this.refill(second);
    const template = this.pool[marker.seq % POOL_SIZE] as { payload: WebhookPayload; name: string };
    return JSON.stringify({ ...template.payload, eventId: `evt-${marker.run}-${marker.seq}`, eventName: template.name + encodeMarker(marker) });
  }

  private refill(second: number): void {
    const types = DEFAULT_EVENT_TYPES.filter((t) => BENCH_FLEET.some((d) => t.deviceTypes.includes(d.type)));
    const at = new Date(second * 1000);
    this.pool = [];
    for (let i = 0; i < POOL_SIZE; i++) {
      const type = pickWeighted(types, (t) => t.weight, this.random);
      const device = pick(BENCH_FLEET.filter((d) => type.deviceTypes.includes(d.type)), this.random);
      const name = pick(type.eventNames, this.random);
      const payload = renderWebhookPayload(
        { eventId: '', eventType: type.eventType, eventName: name, device, organization: SIM_ORGANIZATION, at },
        { mac: true, localISOTime: true, utcTime: true, utcISOTime: false, thumbnail: null },
      );
      this.pool.push({ payload, name });
    }
    this.poolSecond = second;
  }
}
