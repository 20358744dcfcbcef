/**
 * A minimal React DevTools hook for the app page: counts React commits (both the DOM
 * renderer's and react-konva's) and tells which marker components rendered in a commit,
 * in a production build where `<Profiler>` reports nothing. Imported first, so it is in
 * place before React starts. Runs in the page.
 */

interface Fiber {
  type: unknown;
  memoizedProps: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
}

interface FiberRoot {
  current: Fiber;
}

let commits = 0;
const roots = new Set<FiberRoot>();
let nextRenderer = 1;

Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
  configurable: true,
  value: {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => nextRenderer++,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberRoot: (_id: number, root: FiberRoot) => {
      commits += 1;
      roots.add(root);
    },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    setStrictMode: () => {},
  },
});

/** React commits so far, all renderers. */
export const commitCount = (): number => commits;

/** Every fiber of `type` in the committed trees, with the props it last rendered with. */
function fibersOf(type: unknown): Fiber[] {
  const found: Fiber[] = [];
  for (const root of roots) {
    const stack: Fiber[] = [root.current];
    while (stack.length > 0) {
      const fiber = stack.pop() as Fiber;
      if (fiber.type === type) found.push(fiber);
      if (fiber.child) stack.push(fiber.child);
      if (fiber.sibling) stack.push(fiber.sibling);
    }
  }
  return found;
}

/**
 * The props objects the components of `type` last rendered with. A component skipped by
 * `memo` keeps its fiber and props object; one that rendered has new ones.
 */
export function renderedProps(type: unknown): Set<unknown> {
  return new Set(fibersOf(type).map((fiber) => fiber.memoizedProps));
}

/** How many components of `type` rendered since `before` (a {@link renderedProps} snapshot). */
export function countRenderedSince(type: unknown, before: ReadonlySet<unknown>): number {
  return fibersOf(type).filter((fiber) => !before.has(fiber.memoizedProps)).length;
}
