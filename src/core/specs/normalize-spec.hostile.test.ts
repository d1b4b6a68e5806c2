import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "../errors/app-error";
import { normalizeSpec } from "./normalize-spec";

// The timeout only catches a hang (shared, noisy machines); how fast hostile input is refused is measured, not asserted.
const HOSTILE = { timeout: 60_000 };

async function refusal(text: string, options?: { maxBytes?: number }): Promise<AppError> {
  try {
    await normalizeSpec(text, options);
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected normalizeSpec to refuse the input");
}

async function expectRefused(text: string, message: RegExp, where: string | RegExp, options?: { maxBytes?: number }) {
  const error = await refusal(text, options);
  expect(error).toBeInstanceOf(AppError);
  expect(error.code).toBe("BAD_REQUEST");
  expect(error.message).toMatch(message);
  const actual = error.details?.where;
  if (typeof where === "string") expect(actual).toBe(where);
  else expect(String(actual)).toMatch(where);
}

const openapi = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ openapi: "3.0.0", info: { title: "T", version: "1" }, paths: {}, ...extra });

describe("normalizeSpec refuses hostile input", () => {
  it("refuses input over maxBytes, counting UTF-8 bytes", HOSTILE, async () => {
    await expectRefused(openapi(), /larger than 10 bytes/, "", { maxBytes: 10 });
    const multiByte = openapi({ "x-note": "é".repeat(60) });
    await expectRefused(multiByte, /larger than/, "", { maxBytes: multiByte.length + 10 });
  });

  it("refuses input over the 10 MB default", HOSTILE, async () => {
    await expectRefused(" ".repeat(10 * 1024 * 1024 + 1), /^Spec is larger than 10 MB$/, "");
  });

  it("refuses deeply nested JSON with a pointer", HOSTILE, async () => {
    const depth = 100_000;
    const text = `{"openapi":"3.0.0","x":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}`;
    await expectRefused(text, /nested deeper than 200 levels/, /^\/x(\/a)+$/);
  });

  it("refuses deeply nested YAML flow collections before parsing them", HOSTILE, async () => {
    const depth = 100_000;
    await expectRefused(`openapi: 3.0.0\nx: ${"[".repeat(depth)}${"]".repeat(depth)}\n`, /nested deeper/, /^2:\d+$/);
  });

  it("refuses deeply nested compact YAML sequences", HOSTILE, async () => {
    await expectRefused(`x:\n  ${"- ".repeat(200_000)}1\n`, /nested deeper/, /^2:\d+$/);
  });

  it("refuses deeply nested YAML block mappings", HOSTILE, async () => {
    const lines = Array.from({ length: 2_000 }, (_, i) => `${" ".repeat(i)}k${i}:`);
    await expectRefused(`${lines.join("\n")} 1\n`, /nested deeper/, /^\d+:\d+$/);
  });

  it("is not fooled by brackets inside quoted YAML scalars", HOSTILE, async () => {
    await expectRefused(`x: ${"[&a ']' ".repeat(50_000)}\n`, /nested deeper|anchors/, /^1:\d+$/);
    const quoted = `openapi: 3.0.0\ninfo: {title: "[[[[", version: '{{{{'}\npaths: {}\nx: "${"[".repeat(5_000)}"\n`;
    await expect(normalizeSpec(quoted)).resolves.toMatchObject({ title: "[[[[", version: "{{{{" });
  });

  it("refuses YAML with too many tokens, lines, anchors or aliases before parsing it", HOSTILE, async () => {
    // Counts over a limit name no place: the token where the counter ran over is not where anything is wrong.
    await expectRefused(`a: [${"x,".repeat(1_000_001)}x]\n`, /more than 2000000 tokens/, "");
    await expectRefused(`a: |\n${"  l\n".repeat(1_000_001)}`, /more than 1000000 lines/, "");
    // An unclosed quote is refused where the string starts, before the parser reads every later line as an error.
    await expectRefused(`openapi: 3.0.0\na: "${"l\n".repeat(300_000)}"\n`, /quoted string is not closed/, "2:4");
    await expectRefused(`a: 'it''\n`, /quoted string is not closed/, "1:4");
    const anchors = Array.from({ length: 1_001 }, (_, i) => `a${i}: &a${i} x`).join("\n");
    await expectRefused(anchors, /more than 1000 anchors/, "1001:8");
    await expectRefused(`a: &a x\nb: [${"*a,".repeat(1_500)}*a]\n`, /more than 1000 aliases/, /^2:\d+$/);
  });

  it("refuses YAML mappings with many keys fast (no quadratic duplicate check)", HOSTILE, async () => {
    const keys = Array.from({ length: 80_000 }, (_, i) => `k${i}: 1`).join("\n");
    await expectRefused(`${keys}\nk5: 2\n`, /duplicate key "k5"/, "80001:1");
  });

  it("refuses JSON holding too many values before JSON.parse allocates them", HOSTILE, async () => {
    await expectRefused(`{"a":[${"{},".repeat(3_000_000)}{}]}`, /more than 500000 values/, /^1:\d+$/);
    // Commas inside strings are not values.
    const prose = openapi({ info: { title: "T", version: "1", description: ",".repeat(600_000) } });
    await expect(normalizeSpec(prose)).resolves.toMatchObject({ title: "T" });
  });

  it("refuses more than 5000 operations", HOSTILE, async () => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 5_001; i++) paths[`/p${i}`] = { get: { responses: {} } };
    await expectRefused(openapi({ paths }), /more than 5000 operations/, "/paths/~1p5000/get");
  });

  it("refuses a YAML alias bomb", HOSTILE, async () => {
    const bomb = [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]",
      "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]",
      "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]",
      "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]",
      "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]",
      "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]",
      "h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]",
    ].join("\n");
    // Where: the first alias of a collection, where the expansion starts (line 2: "b: &b [*a,...").
    await expectRefused(bomb, /too many YAML aliases/, "2:8");
  });

  it("refuses a large node aliased many times (expansion on copy)", HOSTILE, async () => {
    const big = `big: &big [${Array.from({ length: 30_000 }, (_, i) => i).join(",")}]`;
    const uses = Array.from({ length: 99 }, (_, i) => `u${i}: *big`).join("\n");
    await expectRefused(`${big}\n${uses}\n`, /more than 500000 values/, /^\/u\d+\/\d+$/);
  });

  it.each(["__proto__", "constructor", "prototype"])("refuses the %s key in JSON", HOSTILE, async (key) => {
    const text = `{"openapi":"3.0.0","info":{"title":"T","version":"1","${key}":{"polluted":true}},"paths":{}}`;
    await expectRefused(text, new RegExp(`forbidden key "${key}"`), `/info/${key}`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses __proto__ in YAML without polluting Object.prototype", HOSTILE, async () => {
    await expectRefused(
      "openapi: 3.0.0\npaths:\n  __proto__:\n    polluted: yes\n",
      /forbidden key/,
      "/paths/__proto__",
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ["https://evil.example.com/spec.json#/Pet"],
    ["file:///etc/passwd"],
    ["./other.yaml#/components/schemas/Pet"],
    ["other.json"],
  ])("refuses the remote or file $ref %s", HOSTILE, async (ref) => {
    const text = openapi({ components: { schemas: { Pet: { $ref: ref } } } });
    await expectRefused(text, /Remote and file \$refs are not allowed/, "/components/schemas/Pet/$ref");
  });

  it("refuses remote $refs even inside examples and extensions", HOSTILE, async () => {
    await expectRefused(openapi({ "x-tool": { $ref: "http://169.254.169.254/" } }), /Remote/, "/x-tool/$ref");
  });

  it("refuses broken internal $refs with the pointer of the $ref", HOSTILE, async () => {
    const text = openapi({
      paths: { "/a/{id}": { get: { parameters: [{ $ref: "#/components/parameters/Missing" }], responses: {} } } },
    });
    await expectRefused(
      text,
      /Broken \$ref: #\/components\/parameters\/Missing/,
      "/paths/~1a~1{id}/get/parameters/0/$ref",
    );
  });

  it("refuses broken refs in Swagger 2.0 before conversion", HOSTILE, async () => {
    const text = JSON.stringify({
      swagger: "2.0",
      info: { title: "T", version: "1" },
      paths: { "/a": { get: { responses: { "200": { description: "ok", schema: { $ref: "#/definitions/Nope" } } } } } },
    });
    await expectRefused(text, /Broken \$ref/, "/paths/~1a/get/responses/200/schema/$ref");
  });

  it("refuses a circular chain of parameter refs", HOSTILE, async () => {
    const text = openapi({
      paths: { "/a": { get: { parameters: [{ $ref: "#/components/parameters/A" }], responses: {} } } },
      components: {
        parameters: { A: { $ref: "#/components/parameters/B" }, B: { $ref: "#/components/parameters/A" } },
      },
    });
    await expectRefused(text, /Circular \$ref/, "/paths/~1a/get/parameters/0");
  });

  it("reports YAML syntax errors with line:column", HOSTILE, async () => {
    await expectRefused("openapi: 3.0.0\ninfo:\n  title: [unclosed\n", /not valid YAML or JSON/, /^\d+:\d+$/);
    await expectRefused("a: 1\na: 2\n", /duplicate key "a"/, "2:1");
    await expectRefused("? [a]\n: 1\n", /non-scalar YAML mapping key/, "1:3");
  });

  it("reports JSON syntax errors with line:column", HOSTILE, async () => {
    await expectRefused(
      '{\n  "openapi": "3.0.0",\n  "info": }\n',
      /^Spec is not valid JSON: Unexpected character '}'$/,
      "3:11",
    );
    await expectRefused('{"a": 1,}', /Expected a double-quoted property name/, "1:9");
    await expectRefused('{"a": [1, 2}', /Expected ',' or ']'/, "1:12");
    await expectRefused('{"a": "x\ty"}', /Invalid or unterminated string/, "1:9");
    await expectRefused('{"a": 1} x', /Unexpected text after the JSON value/, "1:10");
    await expectRefused(`{"a": ${"[".repeat(100_000)}`, /Unexpected end of JSON/, "1:100007");
  });

  it.each([
    ["", /empty/],
    ["[1, 2]", /must be a JSON or YAML object/],
    ["42", /must be a JSON or YAML object/],
    ["just text", /must be a JSON or YAML object/],
  ])("refuses %j", HOSTILE, async (text, message) => {
    await expectRefused(text, message, "");
  });

  it("refuses unknown versions and missing pieces", HOSTILE, async () => {
    await expectRefused('{"swagger":"1.2","paths":{}}', /Unsupported Swagger version 1.2/, "/swagger");
    await expectRefused('{"openapi":"4.0.0","paths":{}}', /Unsupported OpenAPI version 4.0.0/, "/openapi");
    await expectRefused('{"info":{"title":"T","version":"1"},"paths":{}}', /neither OpenAPI 3.x nor Swagger 2.0/, "");
    await expectRefused('{"openapi":"3.0.0","info":{"title":"T","version":"1"}}', /no "paths" object/, "/paths");
    await expectRefused('{"openapi":"3.0.0","info":{"version":"1"},"paths":{}}', /no title/, "/info/title");
    await expectRefused('{"swagger":"2.0","paths":{}}', /no "info" object/, "/info");
  });

  it("refuses malformed paths, operations and parameters with pointers", HOSTILE, async () => {
    await expectRefused(openapi({ paths: [] }), /no "paths" object/, "/paths");
    await expectRefused(openapi({ paths: { "/a": "text" } }), /Path item must be an object/, "/paths/~1a");
    await expectRefused(openapi({ paths: { "/a": { get: 1 } } }), /Operation must be an object/, "/paths/~1a/get");
    await expectRefused(
      openapi({ paths: { "/a": { get: { parameters: {} } } } }),
      /Parameters must be a list/,
      "/paths/~1a/get/parameters",
    );
    await expectRefused(
      openapi({ paths: { "/a": { get: { parameters: [{ in: "query" }] } } } }),
      /needs a "name" and an "in"/,
      "/paths/~1a/get/parameters/0",
    );
  });

  it("refuses non-finite numbers that JSON cannot store", HOSTILE, async () => {
    await expectRefused(
      "openapi: 3.0.0\ninfo: {title: T, version: 1}\npaths: {}\nx-max: .inf\n",
      /non-finite/,
      "/x-max",
    );
  });

  it("only ever throws AppError on arbitrary text and arbitrary JSON", { timeout: 60_000 }, async () => {
    const outcome = async (text: string) => {
      try {
        await normalizeSpec(text);
      } catch (error) {
        if (!isAppError(error)) throw error;
        expect(error.code).toBe("BAD_REQUEST");
        expect(typeof error.details?.where).toBe("string");
      }
    };
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 200 }), outcome), { numRuns: 300 });
    const specLike = fc.record({
      swagger: fc.constantFrom("2.0", undefined),
      openapi: fc.constantFrom("3.0.0", "3.1.0", undefined),
      info: fc.oneof(fc.jsonValue(), fc.constant({ title: "T", version: "1" })),
      paths: fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom("/a", "/b/{id}"), fc.jsonValue())),
      definitions: fc.jsonValue(),
      components: fc.jsonValue(),
    });
    await fc.assert(
      fc.asyncProperty(specLike, (value) => outcome(JSON.stringify(value))),
      { numRuns: 300 },
    );
  });
});
