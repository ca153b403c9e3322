import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { precompressAssets } from '#/edge/assets.ts';
import { BUILD_ORIGIN, movePrerenderedPages } from '#/edge/static-pages.ts';

/**
 * After `astro build`, take out of the node adapter's static folder what src/fetch.ts must serve
 * itself: the hashed assets, compressed once (assets.ts), and the prerendered pages (static-pages.ts).
 */
export default function buildOutput(): AstroIntegration {
  let outDir = '';
  let origin = BUILD_ORIGIN;
  return {
    name: 'build-output',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
        if (config.site) origin = new URL(config.site).origin;
      },
      'astro:build:done': ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const { files, bytes, br } = precompressAssets(clientDir, path.join(outDir, 'assets'));
        logger.info(
          `${String(files)} assets compressed: ${(bytes / 1024).toFixed(1)} KB → ${(br / 1024).toFixed(1)} KB brotli`,
        );
        const pages = movePrerenderedPages(clientDir, path.join(outDir, 'pages'), origin);
        logger.info(`${String(pages.length)} prerendered pages moved to dist/pages (${origin})`);
      },
    },
  };
}
