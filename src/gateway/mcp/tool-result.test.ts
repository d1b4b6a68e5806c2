import { describe, expect, it } from "vitest";
import type { InternalAnswer } from "./internal-call";
import { toolResult, toolResultJson } from "./tool-result";

function answer(status: number, type: string | null, body: Buffer | string, truncated = false): InternalAnswer {
  return {
    status,
    header: (name) => (name === "content-type" && type !== null ? type : undefined),
    body: typeof body === "string" ? Buffer.from(body) : body,
    truncated,
    reason: "ok",
    answered: true,
  };
}

describe("tool results", () => {
  const cases: Array<[string, InternalAnswer]> = [
    ["a JSON object", answer(200, "application/json", '{"ok":true,"data":"x\\u00e9\\n","n":[1,2.5,null]}')],
    [
      "a JSON object with spacing",
      answer(200, "application/json; charset=utf-8", ' \n{ "a" : { "b" : "é\u2028" } }\r\n'),
    ],
    ["a JSON array", answer(200, "application/json", "[1,2]")],
    ["malformed JSON", answer(200, "application/json", '{"a":')],
    ["a JSON error", answer(404, "application/problem+json", '{"title":"Not found"}')],
    ["plain text", answer(200, "text/plain", 'say "hi"\u0001')],
    ["no type", answer(204, null, "")],
    ["binary", answer(200, "image/png", Buffer.from([0, 1, 2, 255]))],
    ["a cut answer", answer(200, "application/json", '{"a":"', true)],
    ["a JSON string with a BOM", answer(200, "application/json", '\ufeff{"a":1}')],
  ];

  it.each(cases)("the direct path's JSON text of %s is the SDK's result object", (_, input) => {
    expect(JSON.parse(toolResultJson(input))).toEqual(toolResult(input));
  });

  it("keeps the API's JSON as structured content and the body as text", () => {
    const result = toolResult(answer(200, "application/json", '{"ok":true}'));
    expect(result).toEqual({ content: [{ type: "text", text: '{"ok":true}' }], structuredContent: { ok: true } });
    const refused = toolResult(answer(500, "application/json", "[1]"));
    expect(refused).toEqual({ content: [{ type: "text", text: "HTTP 500: [1]" }], isError: true });
  });
});
