import { Type } from 'typebox';
import { IsoDate } from '../http/schemas';
import { CHART_SERIES } from './chart';

/** TypeBox schemas of the dashboard's analytics (SPEC.md sections 3 "Device metrics" and 7 "analytics"). */

const count = (description: string) => Type.Integer({ minimum: 0, description });
const percent = (description: string) => Type.Integer({ minimum: 0, maximum: 100, description });

/** The spec's device metrics, in its own (camelCase) field names, plus the unresolved alerts count. */
export const DeviceMetricsSchema = Type.Object(
  {
    total: count('Devices of the organization'),
    online: count('Devices online'),
    offline: count('Devices offline'),
    error: count('Devices in error'),
    onlinePercentage: percent('online / total in whole percent, rounded; 0 when there are no devices'),
    offlinePercentage: percent('offline / total in whole percent, rounded; 0 when there are no devices'),
    unresolvedAlerts: count('Alerts not resolved yet (GET /v1/alerts?resolved=false lists them)'),
  },
  { $id: 'DeviceMetrics' },
);

export const ChartDataQuery = Type.Object(
  {
    // Any string here, checked by the route, so a bad range's 400 can say which there are.
    range: Type.Optional(
      Type.String({
        maxLength: 16,
        description: '24h: the last 24 hours in hourly buckets (the default); 7d: the last 7 days in daily buckets. UTC.',
      }),
    ),
  },
  { additionalProperties: false },
);

const SeriesCounts = Type.Object(Object.fromEntries(CHART_SERIES.map((series) => [series, count(`${series} events`)])) as Record<(typeof CHART_SERIES)[number], ReturnType<typeof count>>);

export const ChartDataSchema = Type.Object(
  {
    range: Type.Union([Type.Literal('24h'), Type.Literal('7d')]),
    bucket: Type.Union([Type.Literal('hour'), Type.Literal('day')], { description: 'The length of each bucket' }),
    from: Type.String({ format: 'date-time', description: 'Start of the first bucket (inclusive)' }),
    to: Type.String({ format: 'date-time', description: 'End of the last bucket (exclusive); the last bucket holds now' }),
    series: Type.Array(Type.String(), { description: 'The five spec event types, then Other (every other type)' }),
    buckets: Type.Array(Type.Object({ start: IsoDate, counts: SeriesCounts, total: count('Events in the bucket') }), { description: 'Oldest first, every bucket present (zero-filled)' }),
    totals: SeriesCounts,
  },
  { $id: 'ChartData' },
);
