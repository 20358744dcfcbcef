import type { LimitCounts, LimitName } from '../../api/organizations';

/** "starter" → "Starter". */
export function planLabel(plan: string): string {
  return plan ? `${plan.charAt(0).toUpperCase()}${plan.slice(1)}` : 'Unknown';
}

export const LIMIT_LABELS: Readonly<Record<LimitName, string>> = {
  buildings: 'Buildings',
  floors: 'Floors',
  devices: 'Devices',
  members: 'Members',
};

/** How full one limit is: percent 0..100 (clamped; a zero limit with usage is full) and a colour band. */
export function usageLevel(usage: number, limit: number): { percent: number; tone: 'ok' | 'near' | 'full' } {
  const percent = limit <= 0 ? (usage > 0 ? 100 : 0) : Math.min(100, (usage / limit) * 100);
  return { percent, tone: percent >= 100 ? 'full' : percent >= 80 ? 'near' : 'ok' };
}

/** "250 devices" with thousands separators, for a plan's summary line. */
export function limitSummary(limits: LimitCounts): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return `${n(limits.buildings)} buildings · ${n(limits.floors)} floors · ${n(limits.devices)} devices · ${n(limits.members)} members`;
}
