import { defineConfig } from 'vitest/config';
import { searchForWorkspaceRoot } from 'vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { chromiumArgs } from './tests/chromiumArgs.ts';


/**
 * Test projects:
 * - unit: pure functions and machines (Node)
 * - components: screens with Testing Library (jsdom)
 * - server: Fastify inject() on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set
 * - browser: scene tests that need a real canvas (Vitest browser mode, Debian's Chromium)
 * - e2e: the built app and the real server driven by playwright-core
 */
export default defineConfig({
  plugins: [react()],
  // Browser tests read the shared real plans (e.g. the PDF) through `commands.readFile`.
  server: { fs: { allow: [searchForWorkspaceRoot(process.cwd()), '../shared/data'] } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts'],
          // Model-based tests replay thousands of paths; a busy machine must not fail them.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['tests/components/**/*.test.tsx'],
          setupFiles: ['tests/components/setup.ts'],
          // Above setup.ts's 5 s findBy/waitFor limit, so a missing element reports itself.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.tsx', 'tests/browser/**/*.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
