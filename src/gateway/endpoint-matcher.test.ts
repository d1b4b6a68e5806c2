import { describe, expect, it } from "vitest";
import { compileEndpoints } from "./endpoint-matcher";

describe("endpoint matcher", () => {
  const m = compileEndpoints([
    "GET /cities",
    "GET /cities/{id}",
    "GET /cities/{id}/forecast",
    "GET /cities/top",
    "POST /cities",
  ]);

  it("matches templates with parameters", () => {
    expect(m.match("GET", "/cities/par")).toBe("GET /cities/{id}");
    expect(m.match("GET", "/cities/par/forecast")).toBe("GET /cities/{id}/forecast");
    expect(m.match("POST", "/cities")).toBe("POST /cities");
    expect(m.match("HEAD", "/cities")).toBe("GET /cities");
  });

  it("prefers literal segments over parameters", () => {
    expect(m.match("GET", "/cities/top")).toBe("GET /cities/top");
  });

  it("ignores empty segments (repeated and trailing slashes), compares whole segments", () => {
    expect(m.match("GET", "/cities/par/")).toBe("GET /cities/{id}");
    expect(m.match("GET", "//cities//par//forecast")).toBe("GET /cities/{id}/forecast");
    expect(m.match("GET", "/cities")).toBe("GET /cities");
    expect(m.match("GET", "/citiesx")).toBeNull();
    expect(m.match("GET", "/citie")).toBeNull();
    expect(m.match("GET", "/cities/topx")).toBe("GET /cities/{id}");
    expect(compileEndpoints(["GET /"]).match("GET", "/")).toBe("GET /");
  });

  it("answers null for undocumented calls", () => {
    expect(m.match("DELETE", "/cities/par")).toBeNull();
    expect(m.match("GET", "/towns")).toBeNull();
    expect(m.match("GET", "/cities/par/forecast/extra")).toBeNull();
  });
});
