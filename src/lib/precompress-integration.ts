import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { precompressAssets } from './assets.ts';

/** After `astro build`: move the hashed assets beside the server and compress them (see assets.ts). */
export default function precompress(): AstroIntegration {
  let outDir = '';
  return {
    name: 'precompress-assets',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:done': ({ dir, logger }) => {
        const { files, bytes, br } = precompressAssets(fileURLToPath(dir), path.join(outDir, 'assets'));
        logger.info(
          `${String(files)} assets compressed: ${(bytes / 1024).toFixed(1)} KB → ${(br / 1024).toFixed(1)} KB brotli`,
        );
      },
    },
  };
}
