import { describe, expect, it } from "vitest";
import { largeSpecYaml } from "../../../tests/factories/large-operations-spec";
import { normalizeSpec } from "./normalize-spec";

// Only catches a hang on a loaded machine; the import's speed is measured by `npm run bench:import`, not asserted.
const SLOW = { timeout: 120_000 };

describe("normalizeSpec on a 1,100-operation YAML spec", () => {
  it("imports 3 MB of YAML with 669k lexer tokens (over the old 600k cap) with every operation", SLOW, async () => {
    const yaml = largeSpecYaml(1_100);
    expect(yaml.length).toBeGreaterThan(3_000_000);
    const spec = await normalizeSpec(yaml);
    expect(spec.endpoints).toHaveLength(1_100);
    expect(spec.endpoints[1_099]).toMatchObject({ kind: "operation", operationId: "op1099" });
  });
});
