/**
 * Writes the committed hosting files that follow from the route table: deploy/nginx.conf
 * (src/routing/nginx.ts) and netlify.toml (src/routing/rewrites.ts). Unit tests fail when either
 * is out of date.
 */
import { writeFileSync } from 'node:fs';
import { renderNginxConf } from '../src/routing/nginx.ts';
import { renderNetlifyToml } from '../src/routing/rewrites.ts';

writeFileSync(new URL('../deploy/nginx.conf', import.meta.url), renderNginxConf());
writeFileSync(new URL('../netlify.toml', import.meta.url), renderNetlifyToml());
console.log('deploy/nginx.conf and netlify.toml written');
