/** Writes deploy/nginx.conf from the route table (src/routing/nginx.ts). */
import { writeFileSync } from 'node:fs';
import { renderNginxConf } from '../src/routing/nginx.ts';

writeFileSync(new URL('../deploy/nginx.conf', import.meta.url), renderNginxConf());
console.log('deploy/nginx.conf written');
