/**
 * Vite plugin: writes the app's route table into the build as `.vite/routes.json` (beside
 * Vite's `.vite/manifest.json`), so the server gives each route its preloads
 * (server/web/routePages.ts) from the build alone, with no `src/` to read at start-up, and
 * always from the table the build was made from.
 *
 * The file is the array of {@link RouteScreen} read from `src/router/routes.ts` by
 * server/web/routeGraph.ts's `parseRouteTable` (route pattern, screen module, access). The
 * build fails when the table cannot be read.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { ROUTES_FILE, parseRouteTable } from '../server/web/routeGraph';
import type { RouteScreen } from '../server/web/routeGraph';

/**
 * The plugin; add it to `plugins` in vite.config.ts.
 * @param root the project's root folder (where `src/router/routes.ts` is)
 */
export function routeTableFile(root: string = process.cwd()): Plugin {
  return {
    name: 'floorwatch:route-table',
    apply: 'build',
    generateBundle() {
      const routes: RouteScreen[] = parseRouteTable(readFileSync(path.join(root, 'src', 'router', 'routes.ts'), 'utf8'));
      this.emitFile({ type: 'asset', fileName: ROUTES_FILE, source: `${JSON.stringify(routes, null, 2)}\n` });
    },
  };
}
