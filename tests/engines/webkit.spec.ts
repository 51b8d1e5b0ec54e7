/** The engine smoke in WebKit (WebKitGTK's MiniBrowser over WebDriver): iOS browsers are WebKit. */
import { engineSmoke } from './smoke.ts';

engineSmoke('webkit');
