import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppError, isAppError } from "../errors/app-error";
import { fetchSpecUrl } from "./fetch-spec-url";

let server: http.Server;
let base = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/spec.yaml") return res.end("openapi: 3.0.0\n");
    if (req.url === "/redirect") {
      res.writeHead(302, { location: "/spec.yaml" });
      return res.end();
    }
    if (req.url === "/loop") {
      res.writeHead(302, { location: "/loop" });
      return res.end();
    }
    if (req.url === "/big") {
      res.writeHead(200);
      res.write("x".repeat(4096));
      return res.end("x".repeat(4096));
    }
    if (req.url === "/slow") return setTimeout(() => res.end("late"), 2_000);
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("fetchSpecUrl", () => {
  it("refuses loopback, private and link-local targets unless the operator allows them", async () => {
    for (const url of [
      `${base}/spec.yaml`,
      "http://10.0.0.1/a",
      "http://169.254.169.254/latest",
      "http://[::1]/a",
      "http://localhost/a",
    ]) {
      const error = await refusal(() => fetchSpecUrl(url, { allowPrivate: false }));
      expect(error.message, url).toBe("Private, loopback and link-local addresses are not allowed for spec URLs");
      expect(error.details?.where).toBe(url);
    }
    expect(await fetchSpecUrl(`${base}/spec.yaml`, { allowPrivate: true })).toBe("openapi: 3.0.0\n");
  });

  it("refuses other schemes and credentials", async () => {
    expect((await refusal(() => fetchSpecUrl("file:///etc/passwd", { allowPrivate: true }))).message).toMatch(
      /http:\/\/ or https:\/\//,
    );
    expect((await refusal(() => fetchSpecUrl("http://u:p@example.com/", { allowPrivate: true }))).message).toMatch(
      /credentials/,
    );
  });

  it("follows a few redirects, checking each hop", async () => {
    expect(await fetchSpecUrl(`${base}/redirect`, { allowPrivate: true })).toBe("openapi: 3.0.0\n");
    expect((await refusal(() => fetchSpecUrl(`${base}/loop`, { allowPrivate: true }))).message).toMatch(
      /redirects too often/,
    );
  });

  it("cuts oversized bodies, answers HTTP errors and times out", async () => {
    expect((await refusal(() => fetchSpecUrl(`${base}/big`, { allowPrivate: true, maxBytes: 5000 }))).message).toMatch(
      /larger than/,
    );
    expect((await refusal(() => fetchSpecUrl(`${base}/none`, { allowPrivate: true }))).message).toBe(
      "The spec URL answered HTTP 404",
    );
    const slow = await refusal(() => fetchSpecUrl(`${base}/slow`, { allowPrivate: true, timeoutMs: 300 }));
    expect(slow.message).toMatch(/^Could not fetch the spec URL: /);
  });
});
