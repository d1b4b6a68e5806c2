import { describe, expect, it } from "vitest";
import { scanFileRefs } from "./scan-file-refs";

const scan = (text: string) => scanFileRefs(new TextEncoder().encode(text)).sort();

describe("scanFileRefs", () => {
  it("finds the files of relative refs in YAML and JSON, quoted or not, without their fragments", () => {
    const yaml = [
      "paths:",
      "  /pets:",
      "    $ref: paths/pets.yaml",
      "  /owners:",
      "    $ref: 'paths/owners.yaml#/get' # owners",
      '  /a: {$ref: "schemas/a.yaml", description: x}',
      "  /b:",
      "    '$ref' : ../common/b.yml",
    ].join("\n");
    expect(scan(yaml)).toEqual(["../common/b.yml", "paths/owners.yaml", "paths/pets.yaml", "schemas/a.yaml"]);
    expect(scan('{"a":{"$ref":"schemas\\/pet.json#/Pet"},"b":{"$ref": "pet%20two.json"}}')).toEqual([
      "pet%20two.json",
      "schemas/pet.json",
    ]);
  });

  it("skips internal and remote refs and escaped text that only mentions $ref", () => {
    const text = [
      '{"a":{"$ref":"#/components/schemas/Pet"},',
      '"b":{"$ref":"https://example.com/pet.json"},',
      '"c":{"$ref":"//example.com/pet.json"},',
      '"d":"use {\\"$ref\\": \\"other.json\\"} to share",',
      '"e":{"$ref":"#"}}',
    ].join("");
    expect(scan(text)).toEqual([]);
  });
});
