import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppError, isAppError } from "../errors/app-error";
import { fetchSpecSource } from "./fetch-spec-files";
import { prepareSpec } from "./prepare-spec";

const multiFile = join(import.meta.dirname, "../../../tests/fixtures/specs/multi-file");
const served: Record<string, string> = {};
for (const name of ["openapi.yaml", "paths/pets.yaml", "schemas/pet.yaml", "schemas/owner.yaml"]) {
  served[`/specs/v1/${name}`] = readFileSync(join(multiFile, name), "utf8");
}
// A root whose sibling is missing, and one whose description only mentions a `$ref:` to a file that is not there.
served["/broken/openapi.yaml"] = served["/specs/v1/openapi.yaml"]?.replace("paths/pets.yaml", "paths/gone.yaml") ?? "";
served["/broken/schemas/pet.yaml"] = served["/specs/v1/schemas/pet.yaml"] ?? "";
served["/mention/openapi.yaml"] = [
  "openapi: 3.0.3",
  "info:",
  "  title: Mention",
  "  version: '1'",
  "  description: |",
  "    Share schemas with",
  "    $ref: shared.yaml",
  "paths:",
  "  /a:",
  "    get:",
  "      responses:",
  "        '200': {description: ok}",
  "",
].join("\n");
served["/single.json"] = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "One", version: "1" },
  paths: { "/a": { get: { responses: { 200: { $ref: "#/components/responses/Ok" } } } } },
  components: { responses: { Ok: { description: "ok" } } },
});
// Two files that name each other over and over: a chain deeper than the crawl allows.
for (let i = 0; i < 40; i++) {
  served[`/deep/f${i}.yaml`] =
    i === 0 ? `openapi: 3.0.3\nx-next:\n  $ref: f1.yaml\n` : `next:\n  $ref: f${i + 1}.yaml\n`;
}

let server: http.Server;
let base = "";
const requested: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = decodeURI(req.url ?? "");
    requested.push(path);
    if (path === "/latest") {
      res.writeHead(302, { location: "/specs/v1/openapi.yaml" });
      return res.end();
    }
    const body = served[path];
    if (body === undefined) {
      res.writeHead(404);
      return res.end();
    }
    res.end(body);
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

const options = { allowPrivate: true };

describe("fetchSpecSource", () => {
  it("fetches the sibling files of relative refs, resolved against the root's final URL, and imports them as one", async () => {
    const source = await fetchSpecSource(`${base}/latest`, options);
    expect(source.kind).toBe("files");
    if (source.kind !== "files") return;
    expect(Object.keys(source.files).sort()).toEqual([
      "specs/v1/openapi.yaml",
      "specs/v1/paths/pets.yaml",
      "specs/v1/schemas/owner.yaml",
      "specs/v1/schemas/pet.yaml",
    ]);
    expect(source.entry).toBe("specs/v1/openapi.yaml");
    const spec = await prepareSpec({ source, previous: [] });
    expect(spec.endpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
      "GET /pets",
      "GET /pets/{petId}",
      "POST /pets",
    ]);
    expect(spec.original).not.toMatch(/"\$ref": "(?!#)/);
  });

  it("keeps a document without file refs as one file", async () => {
    const source = await fetchSpecSource(`${base}/single.json`, options);
    expect(source.kind).toBe("bytes");
  });

  it("names the missing file, why, and the ref that needs it", async () => {
    const source = await fetchSpecSource(`${base}/broken/openapi.yaml`, options);
    const error = await refusal(() => prepareSpec({ source, previous: [] }));
    expect(error.message).toBe(
      `$ref points at a file that could not be fetched: ${base}/broken/paths/gone.yaml: The spec URL answered HTTP 404`,
    );
    expect(error.details?.where).toBe("broken/openapi.yaml#/paths/~1pets/$ref");
  });

  it("does not fail on a file that only a description mentions", async () => {
    const source = await fetchSpecSource(`${base}/mention/openapi.yaml`, options);
    const spec = await prepareSpec({ source, previous: [] });
    expect(spec.endpoints).toHaveLength(1);
  });

  it("stops a chain of files deeper than its bound, and refuses private hosts for siblings as for the root", async () => {
    const deep = await refusal(() => fetchSpecSource(`${base}/deep/f0.yaml`, options));
    expect(deep.message).toBe("The spec's files reference each other more than 32 levels deep");
    expect(requested.filter((p) => p.startsWith("/deep/")).length).toBeLessThanOrEqual(34);
    const blocked = await refusal(() => fetchSpecSource(`${base}/latest`, { allowPrivate: false }));
    expect(blocked.message).toMatch(/Private, loopback and link-local/);
  });
});
