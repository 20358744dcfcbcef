import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const pages = fileURLToPath(new URL('./pages/', import.meta.url));

/**
 * The scene bench's two pages (bench/scene/README.md): `app.html` mounts the real
 * src/scene FloorScene, `bare.html` the bare-Konva reference. Production build; the
 * runner (`main.ts`) sets `build.outDir` to a temporary directory.
 */
export default defineConfig({
  root: pages,
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: { input: { app: `${pages}app.html`, bare: `${pages}bare.html` } },
  },
});
