/**
 * The weight budgets of issue 5 ("Weight of the pages") and the report table. Pure.
 * Routes other than the floor editor: at most 130 KB of gzip JavaScript and 90 KB of gzip
 * CSS before the screen shows; the editor route: at most 1.15× a bundle of the same
 * libraries with no app code, built in the same run.
 */

export const KB = 1024;
export const ROUTE_JS_BUDGET = 130 * KB;
export const ROUTE_CSS_BUDGET = 90 * KB;
export const EDITOR_FACTOR = 1.15;
export const EDITOR_ROUTE = '/floors/:floorId';

/** One route's measured gzip bytes. */
export interface RouteMeasure {
  path: string;
  js: number;
  css: number;
  lazyJs: number;
}

export interface RouteVerdict extends RouteMeasure {
  jsBudget: number;
  cssBudget: number | null;
  pass: boolean;
}

/**
 * Checks each route against its budget.
 * @param referenceJs gzip bytes of the reference bundle (the editor's libraries, no app code)
 */
export function judge(routes: readonly RouteMeasure[], referenceJs: number): RouteVerdict[] {
  return routes.map((route) => {
    const editor = route.path === EDITOR_ROUTE;
    const jsBudget = editor ? Math.round(referenceJs * EDITOR_FACTOR) : ROUTE_JS_BUDGET;
    const cssBudget = editor ? null : ROUTE_CSS_BUDGET;
    const pass = route.js <= jsBudget && (cssBudget === null || route.css <= cssBudget);
    return { ...route, jsBudget, cssBudget, pass };
  });
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** The report: one line per route with sizes, budgets and PASS/FAIL, aligned columns. */
export function formatTable(verdicts: readonly RouteVerdict[]): string {
  const header = ['route', 'JS gzip', 'JS budget', 'CSS gzip', 'CSS budget', 'lazy JS later', 'result'];
  const rows = verdicts.map((v) => [
    v.path,
    kb(v.js),
    kb(v.jsBudget),
    kb(v.css),
    v.cssBudget === null ? '-' : kb(v.cssBudget),
    v.lazyJs > 0 ? `+${kb(v.lazyJs)}` : '',
    v.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
