/** The engine smoke in Firefox ESR over WebDriver BiDi. */
import { engineSmoke } from './smoke.ts';

engineSmoke('firefox');
