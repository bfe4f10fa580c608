// worker.js: the engine in a Web Worker (a module worker), so that a bot's
// search never freezes the page: host.js does the work, client.js talks
// to it from the page; the games kept on the device are saved from here
// (offline/saves.js).
import { host } from './host.js';
import { keep } from '../offline/saves.js';

const receive = host((m) => self.postMessage(m), undefined, keep);
self.onmessage = (e) => receive(e.data);
