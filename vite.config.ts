import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development (scripts/dev.ts) the API server listens on 127.0.0.1:3001; the browser only
// talks to Vite on 3000, so cookies and the same-origin check see one origin, as in production.
// An IP, not "localhost": Node may resolve that to ::1, where the server does not listen.
// The object form, because Vite turns a bare target string into changeOrigin: true, which
// rewrites Host to 127.0.0.1:3001 and makes the same-origin check refuse every change.
const api = { target: 'http://127.0.0.1:3001', changeOrigin: false };

export default defineConfig({
  root: 'client',
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Which file each source became: the journeys check a customer never downloads the office's.
    manifest: true,
  },
  server: {
    port: 3000,
    strictPort: true,
    // The server compares Origin with Host, and both must stay localhost:3000.
    proxy: {
      '/api': api,
      '/trpc': api,
      '/uploads': api,
    },
  },
});
