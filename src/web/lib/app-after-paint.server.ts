import { Transform, type TransformCallback } from "node:stream";

/*
 * Decision 165 (after 163): a page React hydrates is painted before the browser asks for the app. The document is
 * whole as server HTML; the ~40 module files React Router announces (`<link rel="modulepreload">`, hoisted into the
 * head) and its inline module script went out while the stylesheet, the font and the first layout were still under
 * way, and on a phone's connection they shared its bandwidth (HTTP/1.1: no priorities across connections).
 *
 * - The document's byte stream (`appAfterPaint()`) turns each `rel="modulepreload"` into `data-after-paint=
 *   "modulepreload"` (an inert link) and React Router's inline `type="module" async=""` script into an inert
 *   `type="text/x-after-paint"` one. React Router has no option for either. The rewrite works on bytes (latin1 round
 *   trip) and holds back the last bytes of each chunk, so a needle split by React's chunks is still found.
 * - `APP_AFTER_PAINT_SCRIPT` (app-after-paint-script.ts, in root.tsx after <Scripts>) gives the links their rel back and runs the held module
 *   script once a frame has been painted (a task after the next animation frame), or at once in a hidden tab. The translation catalog's preload waits the same way (made from a meta by that script).
 */

const REPLACEMENTS: ReadonlyArray<readonly [string, string]> = [
  ['rel="modulepreload"', 'data-after-paint="modulepreload"'],
  [' type="module" async=""', ' type="text/x-after-paint"'],
];
const CARRY = Math.max(...REPLACEMENTS.map(([needle]) => needle.length)) - 1;

export function appAfterPaint(): Transform {
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      let text = held + chunk.toString("latin1");
      for (const [needle, replacement] of REPLACEMENTS) text = text.replaceAll(needle, replacement);
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
