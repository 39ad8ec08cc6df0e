import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

/** Modules a page without scripts loads on demand; each is an entry of the browser build of its own. */
const ISLANDS = ['app/donations/donation-island.tsx'];

export default defineConfig(({ isSsrBuild }) => {
  return {
    plugins: [
      tailwindcss(),
      reactRouter(),
      // The browser's files, compressed once at the highest levels (ADR 037): the server sends them
      // as they are instead of compressing each on every request.
      !isSsrBuild &&
        compression({
          include: /\.(js|css|svg|json)$/,
          algorithms: [
            defineAlgorithm('gzip', { level: 9 }),
            defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          ],
        }),
    ],
    resolve: { tsconfigPaths: false },
    // The manifest stays so the server can name the islands' files (app/lib/islands, ADR 042).
    build: { sourcemap: false, manifest: true },
    environments: { client: { build: { rollupOptions: { input: ISLANDS } } } },
  };
});
