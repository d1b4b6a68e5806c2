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

describe("endpoint matcher: a query in the path key", () => {
  // Real specs (APIs.guru) key operations by a path with a query: "/services?funcs=GetLatestNewsForChatGPT&mobile=1".
  const m = compileEndpoints([
    "GET /services?funcs=GetLatestNews&mobile=1",
    "GET /services?funcs=GetWeather",
    "GET /services?funcs={name}&debug",
    "GET /services",
    "GET /lookup?id={id}",
  ]);

  it("matches the template whose query the request carries, the most specific first", () => {
    expect(m.match("GET", "/services", "?funcs=GetLatestNews&mobile=1")).toBe(
      "GET /services?funcs=GetLatestNews&mobile=1",
    );
    expect(m.match("GET", "/services", "?mobile=1&funcs=GetLatestNews&x=2")).toBe(
      "GET /services?funcs=GetLatestNews&mobile=1",
    );
    expect(m.match("GET", "/services", "?funcs=GetWeather")).toBe("GET /services?funcs=GetWeather");
    expect(m.match("GET", "/services", "?funcs=Other&debug=")).toBe("GET /services?funcs={name}&debug");
  });

  it("falls back to the plain path, and a query template alone needs its query", () => {
    expect(m.match("GET", "/services", "?funcs=GetLatestNews")).toBe("GET /services");
    expect(m.match("GET", "/services")).toBe("GET /services");
    expect(m.match("GET", "/lookup", "?id=7")).toBe("GET /lookup?id={id}");
    expect(m.match("GET", "/lookup", "?other=7")).toBeNull();
    expect(m.match("GET", "/lookup")).toBeNull();
  });
});
