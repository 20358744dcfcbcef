import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './server/web/precompress';
import { radixIconsPerModule } from './scripts/vite-radix-icons';
import { radixTooltipPerUse } from './scripts/vite-radix-tooltip';

/**
 * The browser app's build. In development the API server runs separately
 * (`npm run dev:server`, port 8080) and `/v1` is proxied to it. The build writes brotli
 * and gzip copies of its text files for the server to send (server/web/precompress.ts).
 */
export default defineConfig({
  plugins: [react(), radixIconsPerModule(), radixTooltipPerUse(), precompressPlugin()],
  server: {
    proxy: { '/v1': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist/web',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
  },
});
