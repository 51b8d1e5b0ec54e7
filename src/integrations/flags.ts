/**
 * Astro integration: the phone field's country flags, from country-flag-icons (MIT; by the author
 * of libphonenumber-js, one small 3:2 SVG for each of its countries, about 0.7 KB), served by this
 * origin as FLAG_PATH/{CC}.svg (img-src 'self'): copied into dist/ after the build, and served
 * from the package by `astro dev`. Each is fetched alone, when the field shows its country.
 */
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { FLAG_PATH } from '../lib/phone.ts';

const FLAGS = join(
  dirname(createRequire(import.meta.url).resolve('country-flag-icons/package.json')),
  '3x2',
);
/** A country's own flag (`AE.svg`), not a region's (`GB-SCT.svg`) nor the sprite sheet. */
const FLAG_FILE = /^[A-Z]{2}\.svg$/;

export function flags(): AstroIntegration {
  return {
    name: 'account-flags',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(FLAG_PATH, (req, res, next) => {
          const name = (req.url ?? '').slice(1).split('?')[0] ?? '';
          if (!FLAG_FILE.test(name)) return next();
          readFile(join(FLAGS, name)).then(
            (svg) => res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(svg),
            () => next(),
          );
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const target = join(fileURLToPath(dir), FLAG_PATH);
        await mkdir(target, { recursive: true });
        const names = (await readdir(FLAGS)).filter((name) => FLAG_FILE.test(name));
        await Promise.all(names.map((name) => copyFile(join(FLAGS, name), join(target, name))));
        logger.info(`${names.length} flags copied to ${FLAG_PATH}`);
      },
    },
  };
}
