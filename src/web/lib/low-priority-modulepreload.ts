import { Transform, type TransformCallback } from "node:stream";

/*
 * Decision 163: the modulepreload links React Router's <Scripts> renders are marked fetchpriority="low". They are the
 * hydration code of a page that is already whole as server HTML; at the browser's default (high) priority they
 * compete with the stylesheet and the font for a phone's bandwidth and connections, and the page paints later.
 * React Router has no way to pass the attribute to those links, so the document's byte stream gets it here. The
 * rewrite works on bytes (latin1 round trip: every byte maps to one character and back), and keeps the last bytes of
 * each chunk back until the next one, so a link split across React's chunks is still found.
 */

const NEEDLE = 'rel="modulepreload"';
const REPLACEMENT = 'rel="modulepreload" fetchpriority="low"';
const CARRY = NEEDLE.length - 1;

export function lowPriorityModulePreloads(): Transform {
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      const text = (held + chunk.toString("latin1")).replaceAll(NEEDLE, REPLACEMENT);
      // What could be the start of a needle split by the chunk boundary waits for the next chunk.
      const keep = Math.min(CARRY, text.length);
      held = text.slice(text.length - keep);
      done(null, Buffer.from(text.slice(0, text.length - keep), "latin1"));
    },
    flush(done: TransformCallback) {
      done(null, held === "" ? undefined : Buffer.from(held, "latin1"));
    },
  });
}
