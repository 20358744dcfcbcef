import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './server/web/precompress';
import { radixIconSprite } from './scripts/vite-radix-icons';
import { radixTooltipPerUse } from './scripts/vite-radix-tooltip';
import { radixRootSchemeWithoutHas } from './scripts/vite-radix-root-scheme';
import { signedInShellChunk } from './scripts/vite-shell-chunk';
import { routeTableFile } from './scripts/vite-route-table';

/** React, the router, the data layer and the state machines: what the entry itself needs. */
const CORE_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate[\\/]react|use-sync-external-store|@tanstack[\\/](query-core|react-query)|jotai|jotai-tanstack-query|jotai-family|wouter|regexparam|ofetch|ufo|destr)[\\/]/;

/**
 * Parts of those libraries only screens and the signed-in shell use (query observers and
 * hooks, query atoms): a chunk of their own, out of the core chunk, so the sign-in pages do
 * not load them.
 */
const SCREEN_DATA_LAYER =
  /(@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/](queryObserver|infiniteQueryObserver|queriesObserver|mutationObserver|hydration|streamedQuery)|@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](?!QueryClientProvider|index)\w+|jotai-tanstack-query[\\/]dist[\\/]index)\.m?js$/;

/** Of those, what a page that reads one query needs (`useQuery`): the sign-in pages have it. */
const QUERY_HOOK =
  /@tanstack[\\/](query-core[\\/]build[\\/]modern[\\/]queryObserver|react-query[\\/]build[\\/]modern[\\/](useQuery|useBaseQuery|errorBoundaryUtils|suspense|IsRestoringProvider|QueryErrorResetBoundary))\.js$/;

/**
 * Radix primitives and the Radix Themes building blocks nearly every page draws with (layout,
 * text, buttons, cards): one chunk instead of a dozen shared between the entry, the shell and
 * the screens.
 */
const UI_BASICS =
  /node_modules[\\/](classnames[\\/]|@radix-ui[\\/](react-slot|react-compose-refs|react-primitive|react-context|primitive|react-use-callback-ref|react-use-layout-effect|react-use-controllable-state|react-use-effect-event|react-id|react-direction|react-presence|react-visually-hidden)[\\/]|@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]((props|helpers)[\\/]|components[\\/](_internal[\\/]base-button|box|flex|text|text-field|text-area|heading|badge|link|separator|button|icon-button|card|callout|spinner|skeleton|grid|slot|theme|visually-hidden|avatar)(\.props)?\.js))/;

/**
 * The browser app's build. In development the API server runs separately
 * (`npm run dev:server`, port 8080) and `/v1` is proxied to it. The build writes brotli
 * and gzip copies of its text files for the server to send (server/web/precompress.ts).
 */
export default defineConfig({
  plugins: [react(), radixIconSprite(), radixTooltipPerUse(), radixRootSchemeWithoutHas(), routeTableFile(), precompressPlugin()],
  server: {
    proxy: { '/v1': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist/web',
    sourcemap: 'hidden', // maps for error reports and bench:bundle, without a comment in every file the browser loads
    manifest: true, // .vite/manifest.json: the server preloads each route's chunks from it (server/web/routePreloads.ts)
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Issue 5 "Weight of the pages": the libraries every page loads before it shows, as
        // one chunk. Left to itself Rolldown cuts them into a dozen small chunks, one per set
        // of importers (the entry, each lazy screen, the lazy shell parts), and each page then
        // pays every cut's module glue and a separate gzip window: 3.5 to 4.7 KB gzip per page.
        codeSplitting: {
          groups: [
            { name: 'core', test: (id) => CORE_LIBRARIES.test(id) && !SCREEN_DATA_LAYER.test(id), priority: 10 },
            { name: 'query', test: QUERY_HOOK, priority: 9 },
            { name: 'data', test: SCREEN_DATA_LAYER, priority: 8 },
            { name: 'ui', test: UI_BASICS, priority: 5 },
            signedInShellChunk(import.meta.dirname, 4),
          ],
        },
      },
    },
  },
});
