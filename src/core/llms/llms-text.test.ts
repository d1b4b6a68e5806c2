import { describe, expect, it } from "vitest";
import type { ApiCard, ApiDetail, EndpointSummary } from "../catalog/catalog.types";
import { anchor, apiLlmsTxt, apiMarkdown, siteLlmsTxt } from "./llms-text";

const card: ApiCard = {
  id: "api_1",
  name: "Weather [beta]",
  slug: "weather",
  ownerUsername: "acme",
  thumbnail: null,
  shortDescription: "Forecasts\nand history",
  visibility: "PUBLIC",
  pricingType: "FREEMIUM",
  categoryName: "Weather",
  categorySlug: "weather",
  rating: 0,
  ratingVotes: 0,
  ratingIsDemo: false,
  followersCount: 0,
  popularity: 0,
  latencyMs: null,
  serviceLevel: null,
  isDemoData: false,
  updatedAt: 0,
  documented: true,
};

const detail = {
  ...card,
  ownerName: "Acme",
  providerName: null,
  website: null,
  termsOfUse: null,
  readme: "## Quick start\n\nCall `/forecast`.",
  features: ["Hourly data"],
  resources: [],
  authType: null,
  cors: null,
  healthCheck: null,
  createdAt: 0,
  currentVersion: { id: "ver_1", version: "2.0", sourceFormat: "openapi-3.0.3", endpointsCount: 1 },
} satisfies ApiDetail;

const endpoint: EndpointSummary = {
  id: "end_1",
  method: "get",
  path: "/forecast/{city}",
  operationId: "getForecast",
  summary: "Forecast | by city",
  description: null,
  tags: [],
  parameters: [{ name: "city", in: "path", required: true, description: "City name", schema: { type: "string" } }],
};

const urls = { siteUrl: "https://portal.example", gatewayUrl: "https://gw.example" };

describe("llms.txt", () => {
  it("lists the site's APIs as links to their llms.txt, in the llmstxt.org shape", () => {
    const text = siteLlmsTxt({ ...urls, brandName: "Portico", apis: [card], totalApis: 3 });
    expect(text.startsWith("# Portico\n\n> ")).toBe(true);
    expect(text).toContain("## APIs");
    expect(text).toContain(
      "- [Weather beta](https://portal.example/acme/api/weather/llms.txt): Weather: Forecasts and history",
    );
    expect(text).toContain("## Optional");
  });

  it("gives an API's gateway and MCP addresses and its operations", () => {
    const text = apiLlmsTxt({ ...urls, api: detail, endpoints: [endpoint], totalEndpoints: 1, specDownloadUrl: null });
    expect(text).toContain("# Weather [beta]");
    expect(text).toContain("https://gw.example/_mcp/acme/weather");
    expect(text).toContain(
      `- [GET /forecast/{city}](https://portal.example/acme/api/weather/index.md#${anchor(endpoint)}): Forecast | by city`,
    );
    expect(text).not.toContain("OpenAPI document");
  });

  it("renders the API page as Markdown with the readme and a parameter table", () => {
    const md = apiMarkdown({ ...urls, api: detail, endpoints: [endpoint], totalEndpoints: 1, specDownloadUrl: null });
    expect(md).toContain("## Readme\n\n## Quick start");
    expect(md).toContain("### GET /forecast/{city} {#get-forecast-city}");
    expect(md).toContain("| city | path | string | yes | City name |");
  });
});
