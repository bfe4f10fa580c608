// worker.js: the engine in a Web Worker (a module worker), so that a bot's
// search never freezes the page: host.js does the work, client.js talks
// to it from the page.
import { host } from './host.js';

const receive = host((m) => self.postMessage(m));
self.onmessage = (e) => receive(e.data);
