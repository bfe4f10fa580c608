// meter.js: the skill meters of ruling C-4 (docs/server.md, contract): the
// server issues a meter, the client draws it and says when the person
// stopped it; the server turns that time into the number. A server without
// meters (unknown_command) gets the number read off a meter run here.

export const TOSS_PERIOD = 2400;
export const SWING_PERIOD = 2000;

// The meter's value e ms after its issue, as the server computes it.
export function meterValue(kind, period, e) {
  const phase = (((e % period) + period) % period) / period;
  if (kind === 'toss') return Math.round((0.10 + 0.80 * (1 - Math.abs(2 * phase - 1))) * 100) / 100;
  return Math.round(30 * Math.sin(2 * Math.PI * phase) * 100) / 100;
}

// Starts a meter over conn: resolves with {kind, period, start, id|null}.
export async function startMeter(conn, kind) {
  const a = await conn.request({ cmd: 'meter' });
  if (a.ok && a.meter) {
    return { kind: a.meter.kind || kind, period: a.meter.period_ms, id: a.meter.id,
      start: performance.now() };
  }
  if (a.error && a.error.code === 'unknown_command') {
    return { kind, period: kind === 'toss' ? TOSS_PERIOD : SWING_PERIOD, id: null,
      start: performance.now() };
  }
  const err = new Error('the meter could not start');
  err.code = a.error ? a.error.code : 'io';
  throw err;
}

export function meterNow(m) {
  return meterValue(m.kind, m.period, performance.now() - m.start);
}

// The act request that stops the meter now (or e ms after its issue);
// action is "toss" or "stack cup".
export function stopRequest(m, action, e = Math.round(performance.now() - m.start)) {
  if (m.id) return { cmd: 'act', action, meter: { id: m.id, stop_ms: e } };
  return { cmd: 'act', action: `${action} ${meterValue(m.kind, m.period, e).toFixed(2)}` };
}
