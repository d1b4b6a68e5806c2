// @vitest-environment jsdom
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { appAfterPaint } from "./app-after-paint.server";
import { APP_AFTER_PAINT_SCRIPT } from "./app-after-paint-script";

async function through(chunks: Array<string | Buffer>): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c, "utf8") : c))).pipe(
    appAfterPaint(),
  );
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

const LINK = '<link rel="modulepreload" href="/assets/a.js" nonce="n1"/>';
const HELD_LINK = '<link data-after-paint="modulepreload" href="/assets/a.js" nonce="n1"/>';
const SCRIPT = '<script nonce="n1" type="module" async="">import "/assets/a.js";</script>';
const HELD_SCRIPT = '<script nonce="n1" type="text/x-after-paint">import "/assets/a.js";</script>';

describe("appAfterPaint", () => {
  it("holds every modulepreload link and the module script, and leaves the rest of the document as it was", async () => {
    const doc = `<head><link rel="stylesheet" href="/a.css"/>${LINK}${LINK}<title>é ✓</title></head><body>${SCRIPT}<script>x()</script></body>`;
    expect(await through([doc])).toBe(
      `<head><link rel="stylesheet" href="/a.css"/>${HELD_LINK}${HELD_LINK}<title>é ✓</title></head><body>${HELD_SCRIPT}<script>x()</script></body>`,
    );
  });

  it("finds a needle split across chunks at every position, and multi-byte text split mid-character survives", async () => {
    const doc = `<p>Grüße — 日本</p>${LINK}<p>ok</p>${SCRIPT}`;
    const expected = `<p>Grüße — 日本</p>${HELD_LINK}<p>ok</p>${HELD_SCRIPT}`;
    const bytes = Buffer.from(doc, "utf8");
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
  });

  it("passes an empty or needle-free stream through unchanged", async () => {
    expect(await through([])).toBe("");
    expect(await through(["<p>", "a", "</p>"])).toBe("<p>a</p>");
  });
});

describe("APP_AFTER_PAINT_SCRIPT", () => {
  it("after a frame, gives the links their rel back and swaps the held script for a module script with the nonce", async () => {
    document.head.innerHTML = `${HELD_LINK}<meta name="i18n-catalog" content="/i18n/x.json">`;
    document.body.innerHTML = HELD_SCRIPT;
    const loader = document.createElement("script");
    loader.nonce = "n1";
    loader.setAttribute("data-intl-warmup", "/assets/intl-warmup.js");
    document.body.append(loader);
    document.documentElement.lang = "de";
    const started: Array<{ url: string; name: string }> = [];
    class FakeWorker {
      onmessage: (() => void) | null = null;
      constructor(url: string, options: { name: string }) {
        started.push({ url, name: options.name });
        setTimeout(() => this.onmessage?.(), 10);
      }
    }
    Object.defineProperty(window, "Worker", { value: FakeWorker, configurable: true });
    // A visible tab waits for a painted frame (a hidden one would load at once).
    Object.defineProperty(document, "hidden", { value: false, configurable: true });
    // jsdom runs no inline scripts; the loader reads its own nonce through document.currentScript.
    Object.defineProperty(document, "currentScript", { value: loader, configurable: true });
    new Function(APP_AFTER_PAINT_SCRIPT)();
    expect(document.querySelector('link[rel="modulepreload"]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.querySelector('link[rel="modulepreload"]')?.getAttribute("href")).toBe("/assets/a.js");
    const catalog = document.querySelector<HTMLLinkElement>('link[rel="preload"]');
    expect(catalog?.getAttribute("href")).toBe("/i18n/x.json");
    expect(catalog?.as).toBe("fetch");
    expect(catalog?.crossOrigin).toBe("anonymous");
    const module = document.querySelector('script[type="module"]') as HTMLScriptElement | null;
    expect(module?.textContent).toBe('import "/assets/a.js";');
    expect(module?.nonce).toBe("n1");
    expect(module?.async).toBe(true);
    expect(document.querySelector('script[type="text/x-after-paint"]')).toBeNull();
    // The Intl warm-up worker for the page's language, and the promise entry.client.tsx waits for.
    expect(started).toEqual([{ url: "/assets/intl-warmup.js", name: "de" }]);
    await expect(window.__porticoIntl).resolves.toBeUndefined();
  });
});
