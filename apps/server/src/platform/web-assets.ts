import fs from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { sendProblem } from './errors.ts';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

const API_PATH = /^\/(api|management|v3|swagger-ui)(\/|$)/;
// Article codes in page addresses have dots too (/search-full/6.4021): only file types count.
const FILE_PATH = /\.(js|mjs|css|map|html|json|txt|xml|webmanifest|ico|png|jpe?g|gif|svg|webp|woff2?|ttf|br|gz)$/i;

/**
 * Compression of every answer and the built web app.
 *
 * - API answers (JSON, CSV, text) of at least 1 KB are compressed on the fly, brotli or gzip as the
 *   client accepts (brotli at quality 4: the best ratio that stays cheap per request).
 * - The web app's files are served as the build left them, each with the `.br` and `.gz` made by the
 *   build (apps/web/vite.config.ts), chosen by Accept-Encoding; `/assets/` carry content hashes in
 *   their names and are cached for a year.
 * - GET /login answers sign-in.html, the sign-in page as a document of its own (a light first page);
 *   any other GET of a page address answers index.html, so the client router takes over.
 *
 * Registered before the routes: the compression is attached to each route as it is declared.
 */
export const registerWebAssets = async (app: FastifyInstance, config: Pick<Config, 'webDist'>) => {
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies stay as they are sent: no decompression of uploads.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  const hasLogin = fs.existsSync(path.join(config.webDist, 'sign-in.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      preCompressed: true,
      // The compressed copies are found through Accept-Encoding, not by their own addresses.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PATH.test(request.url);
    // Only page addresses get the app; a missing file (an old asset, say) is a plain 404.
    const isFile = FILE_PATH.test(request.url.split('?')[0] ?? '');
    if (!isApi && !isFile && request.method === 'GET' && hasWeb) {
      const page = (request.url.split('?')[0] ?? '') === '/login' && hasLogin ? 'sign-in.html' : 'index.html';
      // The page names the current build's assets: always asked for again (send's own header is off).
      return reply.header('cache-control', 'no-cache').sendFile(page, { cacheControl: false });
    }
    return sendProblem(reply, 404, 'error.http.404');
  });
};
