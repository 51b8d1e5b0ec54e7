/** Writes sandbox/openapi.json from the contract. `node sandbox/write-openapi.ts` */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderOpenApi } from './openapi.ts';

const OPENAPI_FILE = fileURLToPath(new URL('./openapi.json', import.meta.url));

writeFileSync(OPENAPI_FILE, renderOpenApi());
console.log(`Wrote ${OPENAPI_FILE}`);
