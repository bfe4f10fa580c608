// legacy.js: until the server sends facts as fields (protocol version 4:
// an event's `fields` and `memory` mark, errors with `until`, texts with the
// seats' names), this reads them from the old sentences in that shape. It is
// the only place in web/ that parses an English sentence, and goes once the
// server sends them.

// An event or an error object with its facts as fields.
export function factsOf(e) {
  if (!e || typeof e.text !== 'string') {
    if (e && e.code === 'hands_busy' && typeof e.until !== 'number') {
      const m = /until t=(\d+)/.exec(e.message || '');
      if (m) return { ...e, until: Number(m[1]) };
    }
    return e;
  }
  if (e.fields) return e; // the server's own
  const seat = /^[Ss]eat (\d+) /.exec(e.text);
  const fields = seat ? { seat: Number(seat[1]) - 1 } : {};
  let m;
  let memory = false;
  if (e.kind === 'flip' && (m = /turned over cell (\d+): (.+)$/.exec(e.text))) {
    Object.assign(fields, { cell: Number(m[1]), piece: m[2] });
    memory = true;
  } else if (e.kind === 'back' && (m = /put the (\S+) back/.exec(e.text))) {
    fields.piece = m[1];
    memory = true;
  } else if (e.kind === 'place' && (m = /put the (\S+) on the (\S+) slice: (\d+) of/.exec(e.text))) {
    Object.assign(fields, { piece: m[1], colour: m[2], count: Number(m[3]) });
  } else if (e.kind === 'switch' && (m = /now has the (\S+) slice \((\d+) /.exec(e.text))) {
    Object.assign(fields, { to: m[1], count: Number(m[2]) });
  }
  return { ...e, memory, fields };
}

// "seat 2" and "Seat 2" in the engine's sentences (seats counted from 1
// there), read with the names.
export function withNames(text, names, me) {
  return text.replace(/\b[Ss]eat (\d)\b/g, (m, d) => {
    const i = Number(d) - 1;
    if (!names || i < 0 || i >= names.length) return m;
    return i === me ? `${names[i]} (you)` : names[i];
  });
}
