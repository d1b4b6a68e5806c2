import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./low-priority-modulepreload";

async function through(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c, "utf8"))).pipe(lowPriorityModulePreloads());
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

const LINK = '<link rel="modulepreload" href="/assets/a.js"/>';
const LOW = '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/>';

describe("lowPriorityModulePreloads", () => {
  it("marks every modulepreload link low priority and leaves the rest of the document as it was", async () => {
    const doc = `<head><link rel="stylesheet" href="/a.css"/>${LINK}${LINK}<title>é ✓</title></head>`;
    expect(await through([doc])).toBe(doc.replaceAll(LINK, LOW));
  });

  it("finds a link split across chunks at every position, and multi-byte text split mid-character survives", async () => {
    const doc = `<p>Grüße — 日本</p>${LINK}<p>ok</p>`;
    const bytes = Buffer.from(doc, "utf8");
    for (let cut = 1; cut < bytes.length; cut++) {
      const out: Buffer[] = [];
      const stream = Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]).pipe(lowPriorityModulePreloads());
      for await (const chunk of stream) out.push(chunk as Buffer);
      expect(Buffer.concat(out).toString("utf8")).toBe(doc.replace(LINK, LOW));
    }
  });

  it("passes an empty or link-free stream through unchanged", async () => {
    expect(await through([])).toBe("");
    expect(await through(["<p>", "a", "</p>"])).toBe("<p>a</p>");
  });
});
