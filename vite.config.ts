import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

export default defineConfig(({ command, isSsrBuild }) => {
  // ADR 041: the browser build runs on Preact under React's name; the server build keeps React 19.
  // So does the dev server, whose one alias list would apply to both sides.
  const preactInTheBrowser = command === 'build' && !isSsrBuild;
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
    resolve: {
      tsconfigPaths: false,
      // Exact matches: react-router and the other react-* packages are left alone.
      alias: preactInTheBrowser
        ? [
            { find: /^react$/, replacement: 'preact/compat' },
            { find: /^react-dom$/, replacement: 'preact/compat' },
            { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
            { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
            { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
          ]
        : [],
    },
    define: { 'import.meta.env.PREACT': JSON.stringify(preactInTheBrowser) },
    build: { sourcemap: false },
  };
});
