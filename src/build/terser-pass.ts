import { minify } from 'terser';
import type { Plugin } from 'vite';

/**
 * A second minification of the islands' code, by Terser, over what the bundler's own minifier made:
 * three compress passes find another 0.5 KB (compressed) in React's runtime and our islands, room in
 * the 75 KB budget (tests/e2e/islands.spec.ts). Server code is left as it is.
 */
export function terserPass(): Plugin {
  return {
    name: 'terser-pass',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const result = await minify(chunk.code, {
          module: true,
          compress: { passes: 3 },
          mangle: { toplevel: true },
        });
        if (result.code) chunk.code = result.code;
      }
    },
  };
}
