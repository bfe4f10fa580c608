// sound.js: the table's short sounds, made by the page with Web Audio (no
// sound files): a pop for turning over, a tap for placing, a swish for a
// toss, a rattle for dice, a clack for stacking, a clatter for a fall, a
// rising chord for a win. Silent until the person's first click or key
// (browsers ask for that), and while muted; the mute is remembered.
import * as store from './store.js';

let audio = null;
let woken = false;

export function muted() { return store.setting('muted') === true; }

export function setMuted(on) {
  store.setSetting('muted', on);
  // What is sounding stops at once; nothing starts while muted.
  if (audio) (on ? audio.suspend() : audio.resume()).catch(() => {});
}

// Sounds wait for the person's first gesture on the page.
export function listen() {
  const wake = () => { woken = true; };
  document.addEventListener('pointerdown', wake, { once: true, capture: true });
  document.addEventListener('keydown', wake, { once: true, capture: true });
}

function context() {
  if (!woken || muted()) return null;
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    audio = new Ctx();
  }
  if (audio.state === 'suspended') audio.resume().catch(() => {});
  return audio;
}

// A tone: type, frequency from f0 to f1, over ms, at time `at` (s from now).
function tone(a, type, f0, f1, ms, vol, at = 0) {
  const t = a.currentTime + at;
  const o = a.createOscillator();
  const g = a.createGain();
  o.type = type;
  o.frequency.setValueAtTime(f0, t);
  o.frequency.exponentialRampToValueAtTime(f1, t + ms / 1000);
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(vol, t + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t + ms / 1000);
  o.connect(g).connect(a.destination);
  o.start(t);
  o.stop(t + ms / 1000 + 0.02);
}

// A burst of noise through a band-pass filter around `freq`.
function noise(a, ms, freq, vol, at = 0) {
  const t = a.currentTime + at;
  const len = Math.ceil(a.sampleRate * ms / 1000);
  const buf = a.createBuffer(1, len, a.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len);
  const src = a.createBufferSource();
  src.buffer = buf;
  const f = a.createBiquadFilter();
  f.type = 'bandpass';
  f.frequency.value = freq;
  const g = a.createGain();
  g.gain.value = vol;
  src.connect(f).connect(g).connect(a.destination);
  src.start(t);
}

const SOUNDS = {
  turn: (a) => tone(a, 'sine', 520, 880, 90, 0.18),
  place: (a) => { tone(a, 'triangle', 320, 170, 70, 0.22); noise(a, 40, 2000, 0.08); },
  back: (a) => tone(a, 'sine', 700, 420, 110, 0.14),
  swap: (a) => { tone(a, 'sine', 440, 660, 120, 0.14); tone(a, 'sine', 660, 440, 120, 0.14, 0.12); },
  toss: (a) => noise(a, 260, 900, 0.35),
  roll: (a) => { for (let i = 0; i < 5; i++) noise(a, 30, 3000 - i * 300, 0.3, i * 0.045); },
  stack: (a) => { tone(a, 'square', 900, 700, 35, 0.06); tone(a, 'square', 750, 600, 35, 0.05, 0.05); },
  fall: (a) => { for (let i = 0; i < 6; i++) noise(a, 50, 2500 - i * 350, 0.3 - i * 0.04, i * 0.05); tone(a, 'sine', 140, 60, 300, 0.25); },
  win: (a) => [523, 659, 784, 1047].forEach((f, i) => tone(a, 'sine', f, f, 260, 0.14, i * 0.09)),
};

export function play(name) {
  const a = SOUNDS[name] && context();
  if (a) SOUNDS[name](a);
}
