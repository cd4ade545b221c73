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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Zod with the module that configures it, in one chunk: chunks do not keep the
            // source's execution order, and the setting must be in place before the shared
            // schemas (in other chunks) are built (src/client/lib/zod-without-eval.ts).
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|src[\\/]client[\\/]lib[\\/]zod-without-eval\.ts/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // No changeOrigin: the API's same-origin check compares Origin with Host.
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
});
