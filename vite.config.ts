import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA builds into dist/client, which the Fastify server serves; in dev, /api goes to it.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1200 },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/socket.io': { target: 'http://localhost:8080', ws: true } },
  },
});
