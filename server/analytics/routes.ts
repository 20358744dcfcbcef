import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest } from '../http/problem';
import { problemResponses } from '../http/schemas';
import { isChartRange } from './chart';
import { deviceMetrics } from './metrics';
import { countUnresolvedAlerts, deviceStatusCounts } from './repository';
import { chartData } from './service';
import { ChartDataQuery, ChartDataSchema, DeviceMetricsSchema } from './schemas';

const security = [{ bearerAuth: [] }];
const tags = ['analytics'];

/** SPEC.md section 7 "analytics": the dashboard's device metrics and events over time, for the caller's organization. */
export const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/analytics/device-metrics',
    {
      schema: {
        tags,
        security,
        summary: 'Device counts by status with rounded percentages (0 when there are no devices), and the unresolved alerts count',
        response: { 200: DeviceMetricsSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { organizationId } = request.auth;
      const [counts, unresolvedAlerts] = await Promise.all([deviceStatusCounts(app.db, organizationId), countUnresolvedAlerts(app.db, organizationId)]);
      return { ...deviceMetrics(counts), unresolvedAlerts };
    },
  );

  app.get(
    '/analytics/chart-data',
    {
      schema: {
        tags,
        security,
        summary: 'Events over time by type: hourly buckets for the last 24 hours or daily ones for 7 days (UTC, zero-filled)',
        querystring: ChartDataQuery,
        response: { 200: ChartDataSchema, ...problemResponses },
      },
    },
    async (request) => {
      const range = request.query.range ?? '24h';
      if (!isChartRange(range)) throw badRequest(`range must be 24h or 7d; "${range}" is not a range`, 'range');
      return chartData(app.db, request.auth.organizationId, range, new Date());
    },
  );
};
