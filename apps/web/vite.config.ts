import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = `http://localhost:${process.env.API_PORT ?? '8080'}`;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const DOMAIN_SOURCE = /[\\/]packages[\\/]domain[\\/]src[\\/]/;
const RC_COMPONENTS = /[\\/]node_modules[\\/]@rc-component[\\/]/;
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const I18N = /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/;
const FRAMEWORK = /[\\/]node_modules[\\/](@tanstack|use-sync-external-store)[\\/]/;
const DEFAULT_TEXTS = /[\\/]src[\\/]i18n[\\/]it\.texts\.ts$/;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|map)$/i;

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : [full];
    }),
  );
  return nested.flat();
};

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) beside every text file of the build, for the
 * server to send as they are (apps/server/src/platform/web-assets.ts). A copy that is not smaller
 * than the file is not written.
 */
const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'ricambi:precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: async () => {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: 9 }),
          ]);
          if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
};

/**
 * The default language's texts are needed before the first paint: the page asks for them at once,
 * beside the entry, rather than after the entry has run (src/i18n/index.ts loads them).
 */
const preloadDefaultLanguage = (): Plugin => ({
  name: 'ricambi:preload-default-language',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, context) => {
      const chunk = Object.values(context.bundle ?? {}).find(
        (output) => output.type === 'chunk' && DEFAULT_TEXTS.test(output.facadeModuleId ?? ''),
      );
      return chunk
        ? [
            {
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
              injectTo: 'head',
            },
          ]
        : [];
    },
  },
});

/**
 * The development server answers /login with the sign-in document (sign-in.html), as the server does
 * (apps/server/src/platform/web-assets.ts); every other page address gets the app.
 */
const loginDocument = (): Plugin => ({
  name: 'ricambi:login-document',
  apply: 'serve',
  configureServer: (server) => {
    server.middlewares.use((request, _response, next) => {
      if (request.url === '/login' || request.url?.startsWith('/login?'))
        request.url = request.url.replace('/login', '/sign-in.html');
      next();
    });
  },
});

export default defineConfig({
  plugins: [react(), precompress(), preloadDefaultLanguage(), loginDocument()],
  // zod without its eval probe (src/lib/zod-jitless.ts), for the web's and the domain's schemas alike.
  resolve: { alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-jitless.ts') }] },
  server: {
    port: 5173,
    proxy: { '/api': api, '/management': api, '/v3': api, '/swagger-ui': api },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    rolldownOptions: {
      // The app, and the sign-in page as a document of its own (docs/decisions.md, "A light first page").
      input: {
        app: path.resolve(import.meta.dirname, 'index.html'),
        login: path.resolve(import.meta.dirname, 'sign-in.html'),
      },
      // The domain package's files only declare schemas, constants and pure rules: a page that
      // imports one of them does not take the others (and their zod schemas) along. antd's
      // @rc-component packages declare no `sideEffects` (antd itself does) and none is imported for
      // its side effects: without this, a page using Typography (whose editable mode imports
      // TextArea, which reads a form context) took all of rc-form and its validator (~13 KB gzip).
      treeshake: { moduleSideEffects: (id: string) => !DOMAIN_SOURCE.test(id) && !RC_COMPONENTS.test(id) },
      output: {
        codeSplitting: {
          groups: [
            // What every page runs, in a few files rather than in many small ones; the sign-in page
            // takes React and i18next, not the router and the query cache.
            { name: 'react', test: REACT, priority: 10 },
            { name: 'i18n', test: I18N, priority: 10 },
            { name: 'framework', test: FRAMEWORK, priority: 10 },
          ],
        },
      },
    },
  },
});
