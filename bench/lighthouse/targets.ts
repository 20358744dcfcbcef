/**
 * Targets and report of `npm run bench:lighthouse` (issue 5 "Weight of the pages"):
 * Lighthouse's desktop preset scores at least 95 on /login and /dashboard and at least 90
 * on a floor with 5 000 markers. Pure: takes the numbers out of Lighthouse results and
 * judges them; no browser, no server.
 */

/** The categories printed, in Lighthouse's ids; only `performance` is held to the target. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The metrics printed, as Lighthouse's audit ids with a short label and unit. */
export const METRICS = [
  { id: 'first-contentful-paint', label: 'FCP', unit: 'ms' },
  { id: 'largest-contentful-paint', label: 'LCP', unit: 'ms' },
  { id: 'total-blocking-time', label: 'TBT', unit: 'ms' },
  { id: 'cumulative-layout-shift', label: 'CLS', unit: '' },
  { id: 'speed-index', label: 'SI', unit: 'ms' },
] as const;
export type MetricLabel = (typeof METRICS)[number]['label'];

/** One page measured: its name in the report, the path opened, the least performance score (0–100). */
export interface PageTarget {
  name: string;
  path: string;
  minPerformance: number;
}

/** The shape of a Lighthouse result this module reads (a subset of LH.Result). */
export interface LighthouseResultLike {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
  environment?: { benchmarkIndex?: number };
}

/**
 * One page's figures: scores 0–100 (null when Lighthouse gave none), metrics in ms (CLS
 * unitless), and Lighthouse's measure of this machine's CPU during the run (its
 * `benchmarkIndex`; higher is faster, an idle desktop is in the thousands), since the
 * simulated metrics build on CPU times observed here.
 */
export interface PageFigures {
  scores: Record<Category, number | null>;
  metrics: Record<MetricLabel, number | null>;
  cpuIndex: number | null;
}

export interface Verdict extends PageFigures {
  target: PageTarget;
  runs: number;
  pass: boolean;
}

export const LOGIN_TARGET: PageTarget = { name: '/login', path: '/login', minPerformance: 95 };
export const DASHBOARD_TARGET: PageTarget = { name: '/dashboard', path: '/dashboard', minPerformance: 95 };

/** The floor page (SPEC.md section 2: `/floors/{floorId}`, edit mode) holding `markers` markers. */
export function floorTarget(floorId: string, markers: number): PageTarget {
  return { name: `floor, ${markers} markers`, path: `/floors/${floorId}`, minPerformance: 90 };
}

/** Scores (0–1 in Lighthouse, rounded to 0–100 here, as its report shows them) and metrics of one result. */
export function figuresOf(result: LighthouseResultLike): PageFigures {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = result.categories[id]?.score;
      return [id, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  ) as Record<Category, number | null>;
  const metrics = Object.fromEntries(
    METRICS.map((m) => {
      const value = result.audits[m.id]?.numericValue;
      return [m.label, typeof value === 'number' ? value : null];
    }),
  ) as Record<MetricLabel, number | null>;
  const cpuIndex = result.environment?.benchmarkIndex;
  return { scores, metrics, cpuIndex: typeof cpuIndex === 'number' ? Math.round(cpuIndex) : null };
}

/** Passes when the performance score is at least the target; a missing score fails. */
export function judge(target: PageTarget, figures: PageFigures, runs: number): Verdict {
  const performance = figures.scores.performance;
  return { ...figures, target, runs, pass: performance !== null && performance >= target.minPerformance };
}

const metricText = (label: MetricLabel, value: number | null): string => {
  if (value === null) return '—';
  return label === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`;
};

const scoreText = (value: number | null): string => (value === null ? '—' : String(value));

/** The report table: one row per page, scores then metrics then the verdict. */
export function formatTable(verdicts: readonly Verdict[]): string {
  const header = ['page', 'perf', 'a11y', 'best-pr.', 'seo', ...METRICS.map((m) => m.label), 'cpu idx', 'target', 'verdict'];
  const rows = verdicts.map((v) => [
    v.target.name,
    ...CATEGORIES.map((c) => scoreText(v.scores[c])),
    ...METRICS.map((m) => metricText(m.label, v.metrics[m.label])),
    scoreText(v.cpuIndex),
    `perf ≥ ${v.target.minPerformance}`,
    v.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
