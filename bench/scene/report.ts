/** The scene bench's summary: every figure, its ratio to the bare-Konva reference, PASS/FAIL. */
import type { FrameFigures } from './stats';
import { percentile } from './stats';

type PageFigures = FrameFigures & { heapMb: number };

/** One line of the summary. */
export type Row =
  /** Frames on both pages; passes when app fps (median) / bare fps (median) >= target. */
  | { kind: 'frames'; name: string; target: number; app: PageFigures; bare: PageFigures; extras: Record<string, unknown> }
  /** A count on the app page; passes when value <= limit. */
  | { kind: 'count'; name: string; value: number; limit: number }
  /** Times (ms) per repeat on both pages; passes when app median / bare median <= limit. */
  | { kind: 'time'; name: string; app: number[]; bare: number[]; limit: number };

const f = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

function table(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [row(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(row)].join('\n');
}

/** Whether a row meets its target, and the figure compared. */
export function verdict(row: Row): { pass: boolean; figure: string; target: string } {
  if (row.kind === 'frames') {
    const ratio = row.app.fpsMedian / row.bare.fpsMedian;
    return { pass: ratio >= row.target, figure: `${f(ratio, 2)}×`, target: `≥ ${row.target}× bare` };
  }
  if (row.kind === 'count') return { pass: row.value <= row.limit, figure: f(row.value, 2), target: `≤ ${row.limit}` };
  const ratio = percentile(row.app, 50) / percentile(row.bare, 50);
  return { pass: ratio <= row.limit, figure: `${f(ratio, 2)}×`, target: `≤ ${row.limit}× bare` };
}

/** Prints the figures and the summary to stdout; returns the exit code (0 all passed, 1 not). */
export function printReport(rows: readonly Row[], meta: { quick: boolean; plan: string }): number {
  console.log(`\nbench:scene${meta.quick ? ' --quick (short runs: figures are rough)' : ''}, plan ${meta.plan}, headless Chromium, uncapped frames\n`);
  const frameLines = rows.flatMap((row) =>
    row.kind !== 'frames'
      ? []
      : (['app', 'bare'] as const).map((kind) => {
          const p = row[kind];
          const ratio = kind === 'app' ? `${f(row.app.fpsMedian / row.bare.fpsMedian, 2)}× / ${f(row.app.fpsP5 / row.bare.fpsP5, 2)}×` : '1 (reference)';
          return [row.name, kind === 'app' ? 'React (FloorScene)' : 'bare Konva', f(p.fpsMedian), f(p.fpsP5), f(p.longestMs), String(p.frames), f(p.heapMb), ratio];
        }),
  );
  console.log(table(['scenario', 'page', 'fps median', 'fps p5', 'longest frame ms', 'frames', 'JS heap MB', 'ratio median / p5'], frameLines));

  const timeLines = rows.flatMap((row) =>
    row.kind !== 'time'
      ? []
      : [
          [row.name, 'React (FloorScene)', f(percentile(row.app, 50)), row.app.map((t) => f(t, 0)).join(', ')],
          [row.name, 'bare Konva', f(percentile(row.bare, 50)), row.bare.map((t) => f(t, 0)).join(', ')],
        ],
  );
  console.log(`\n${table(['scenario', 'page', 'median ms', 'each run ms'], timeLines)}`);

  console.log('\nSummary\n');
  const summary = rows.map((row) => {
    const { pass, figure, target } = verdict(row);
    return [row.name, figure, target, pass ? 'PASS' : 'FAIL'];
  });
  console.log(table(['target', 'measured', 'wanted', 'result'], summary));
  const failed = summary.filter((line) => line[3] === 'FAIL').length;
  console.log(`\n${summary.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}
