import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The browser app's build. In development the API server runs separately
 * (`npm run dev:server`, port 8080) and `/v1` is proxied to it.
 */
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/v1': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist/web',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
  },
});
