import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precacheManifest } from './scripts/precache-plugin.ts';

const apiPort = process.env.PORT ?? '5000';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precacheManifest()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
  },
  server: {
    port: 5173,
    // No changeOrigin: the API's same-origin check compares Origin with Host.
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
});
