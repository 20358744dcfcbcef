/**
 * The bench script, the same for both pages: it drives a page's scene with DOM pointer
 * and wheel events on the stage (as a mouse would: Konva, and on the app page the editor
 * machine, do the work) and times every animation frame. Exposed as `window.driver`.
 * Runs in the page.
 */
import type Konva from 'konva';
import { MARKER_NODE_NAME, markerNodeId } from '../../../src/scene/markerStyle';
import { PULSE_ACTIVE_MS } from '../../../src/scene/pulse';
import { frames, generateDevices, STAGE_SIZE, type BenchPage } from './benchPage';

/** Frame intervals, ms, of one measured stretch (the first few frames left out). */
export interface FrameRun {
  readonly intervals: number[];
}

const WARMUP_FRAMES = 5;
/** Frames a run needs before it may end, so a loaded machine still yields a median. */
const MIN_FRAMES = 60;

/**
 * Calls `perFrame` at the start of every animation frame for `ms` (longer, up to
 * `longestMs`, until {@link MIN_FRAMES} frames were seen) and returns the frame intervals.
 */
function timeFrames(ms: number, perFrame: (frame: number) => void = () => {}, longestMs = 4 * ms): Promise<FrameRun> {
  return new Promise((resolve) => {
    const stamps: number[] = [];
    const start = performance.now();
    const tick = () => {
      const now = performance.now();
      stamps.push(now);
      const elapsed = now - start;
      if ((elapsed >= ms && stamps.length > MIN_FRAMES + WARMUP_FRAMES) || elapsed >= longestMs) {
        const intervals = stamps.slice(1).map((t, i) => t - (stamps[i] ?? t));
        resolve({ intervals: intervals.slice(WARMUP_FRAMES) });
        return;
      }
      perFrame(stamps.length - 1);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** Sends a pointer event at stage point `x`, `y` (CSS px), as a mouse does: `button` 0 primary, 1 middle. */
function pointer(stage: Konva.Stage, type: 'pointerdown' | 'pointermove' | 'pointerup', x: number, y: number, button = 0): void {
  const box = stage.content.getBoundingClientRect();
  const held = button === 1 ? 4 : 1;
  stage.content.dispatchEvent(
    new PointerEvent(type, {
      clientX: box.left + x,
      clientY: box.top + y,
      bubbles: true,
      cancelable: true,
      composed: true,
      pointerId: 1,
      pointerType: 'mouse',
      isPrimary: true,
      button: type === 'pointermove' ? -1 : button,
      buttons: type === 'pointerup' ? 0 : held,
    }),
  );
}

function wheel(stage: Konva.Stage, x: number, y: number, deltaY: number): void {
  const box = stage.content.getBoundingClientRect();
  stage.content.dispatchEvent(new WheelEvent('wheel', { clientX: box.left + x, clientY: box.top + y, deltaY, bubbles: true, cancelable: true }));
}

const PREFIX = markerNodeId('');

/** The device id of the marker Konva hits at stage point `at` (the one drawn on top), or null. */
function markerAt(stage: Konva.Stage, at: { x: number; y: number }): string | null {
  const shape = stage.getIntersection(at);
  const id = shape?.findAncestor(`.${MARKER_NODE_NAME}`, true)?.id() ?? '';
  return id.startsWith(PREFIX) ? id.slice(PREFIX.length) : null;
}

/** A stage point where a marker is hit, searched outwards from the middle of the stage. */
function findMarker(stage: Konva.Stage): { id: string; at: { x: number; y: number } } {
  for (let r = 0; r < 300; r += 7) {
    for (let a = 0; a < 16; a += 1) {
      const at = { x: Math.round(STAGE_SIZE.width / 2 + r * Math.cos((a * Math.PI) / 8)), y: Math.round(STAGE_SIZE.height / 2 + r * Math.sin((a * Math.PI) / 8)) };
      const id = markerAt(stage, at);
      if (id) return { id, at };
    }
  }
  throw new Error('no marker near the middle of the stage');
}

/** A small loop around `from` (CSS px): the pointer path of a drag or a pan, one point per frame. */
const loop = (from: { x: number; y: number }, frame: number, radius: number) => ({
  x: Math.round(from.x + radius * Math.sin(frame / 15)),
  y: Math.round(from.y + radius * (1 - Math.cos(frame / 15)) * 0.6),
});

export interface Driver {
  ready(): Promise<void>;
  /** `count` markers, the first `fov` with cones, `pulses` of them pulsing: frames while nothing else happens. */
  idle(spec: { count: number; fov: number; pulses: number; ms: number }): Promise<FrameRun & { commits: number; seconds: number }>;
  /** `count` markers, `dragged` of them selected and dragged by a pointer for `ms`. */
  drag(spec: { count: number; dragged: number; ms: number }): Promise<FrameRun & { draggedOnLayer: number }>;
  /** `count` markers; the view panned with the middle button, a wheel zoom step every 20 frames. */
  panZoom(spec: { count: number; ms: number }): Promise<FrameRun>;
  /** Time from handing over `count` markers to the frame after their first draw, ms, per repeat. */
  mount(spec: { count: number; repeats: number }): Promise<number[]>;
  /** One device's status changes among `count` (app page: how many marker components rendered). */
  statusChange(spec: { count: number }): Promise<{ markersRendered: number | null }>;
  /** Back to an empty floor. */
  reset(): Promise<void>;
}

interface ReactProbe {
  commitCount(): number;
  markerSnapshot(): ReadonlySet<unknown>;
  markersRenderedSince(before: ReadonlySet<unknown>): number;
}

const probe = (): ReactProbe | null => (window as unknown as { reactProbe?: ReactProbe }).reactProbe ?? null;

/** Installs `window.driver` for `page`. */
export function installDriver(page: BenchPage): void {
  const driver: Driver = {
    ready: () => page.ready(),
    async idle({ count, fov, pulses, ms }) {
      const devices = generateDevices(count, fov);
      await page.show(devices);
      const startedAt = Date.now();
      await page.pulse(
        devices.slice(0, pulses).map((d) => d.id),
        startedAt,
      );
      await frames(10);
      const before = probe()?.commitCount() ?? 0;
      const start = performance.now();
      // Pulses last PULSE_ACTIVE_MS + PULSE_FADE_MS: the run ends before any fades out.
      const run = await timeFrames(ms, undefined, Math.min(4 * ms, PULSE_ACTIVE_MS - 1000 - (Date.now() - startedAt)));
      const commits = (probe()?.commitCount() ?? 0) - before;
      return { ...run, commits, seconds: (performance.now() - start) / 1000 };
    },
    async drag({ count, dragged, ms }) {
      const devices = generateDevices(count);
      await page.show(devices);
      const stage = page.stage();
      const lead = findMarker(stage);
      const others = devices.filter((d) => d.id !== lead.id).slice(0, dragged - 1);
      await page.select([lead.id, ...others.map((d) => d.id)]);
      // The drag starts (past the 3 px threshold: the dragged markers leave the device
      // layer) before the clock runs: the figure is the frame rate while dragging.
      pointer(stage, 'pointerdown', lead.at.x, lead.at.y);
      for (let frame = 1; frame <= 3; frame += 1) {
        const to = loop(lead.at, frame, 120);
        pointer(stage, 'pointermove', to.x, to.y);
        await frames(2);
      }
      const draggedOnLayer = stage.findOne('.drag-group')?.getLayer()?.find(`.drag-group .${MARKER_NODE_NAME}`).length ?? 0;
      const run = await timeFrames(ms, (frame) => {
        const to = loop(lead.at, frame + 4, 120);
        pointer(stage, 'pointermove', to.x, to.y);
      });
      pointer(stage, 'pointerup', lead.at.x, lead.at.y);
      await frames(3);
      return { ...run, draggedOnLayer };
    },
    async panZoom({ count, ms }) {
      await page.show(generateDevices(count));
      const stage = page.stage();
      const middle = { x: STAGE_SIZE.width / 2, y: STAGE_SIZE.height / 2 };
      // Zoomed in a little: at the fit the whole plan is on screen and a pan has nowhere to go.
      for (let i = 0; i < 3; i += 1) {
        wheel(stage, middle.x, middle.y, -100);
        await frames(2);
      }
      pointer(stage, 'pointerdown', middle.x, middle.y, 1);
      await frames(5);
      const run = await timeFrames(ms, (frame) => {
        if (frame % 20 === 10) wheel(stage, middle.x, middle.y, Math.floor(frame / 20) % 2 === 0 ? -100 : 100);
        else {
          const to = loop(middle, frame, 200);
          pointer(stage, 'pointermove', to.x, to.y, 1);
        }
      });
      pointer(stage, 'pointerup', middle.x, middle.y, 1);
      await frames(3);
      return run;
    },
    async mount({ count, repeats }) {
      const devices = generateDevices(count);
      const times: number[] = [];
      for (let i = 0; i < repeats; i += 1) {
        await page.show([]);
        await frames(3);
        const start = performance.now();
        await page.show(devices);
        times.push(performance.now() - start);
      }
      return times;
    },
    async statusChange({ count }) {
      const devices = generateDevices(count);
      await page.show(devices);
      const target = devices[Math.floor(count / 2)];
      if (!target) throw new Error('no device');
      const react = probe();
      const before = react?.markerSnapshot() ?? null;
      await page.setStatus(target.id, target.status === 'error' ? 'online' : 'error');
      return { markersRendered: react && before ? react.markersRenderedSince(before) : null };
    },
    async reset() {
      await page.show([]);
      await frames(3);
    },
  };
  Object.assign(window, { driver });
}
