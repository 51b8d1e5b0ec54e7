/**
 * Every unit test runs as a page does after its first call: the error catalogue is here, as the
 * HTTP client's transport registers it (src/api/catalogue.ts). Tests of what the pages read
 * before any answer register nothing else: catalogue.test.ts clears it.
 */
import { registerCatalogue } from '../../src/api/catalogue.ts';
import * as errorCatalogue from '../../src/api/error-catalogue.ts';

registerCatalogue(errorCatalogue);
