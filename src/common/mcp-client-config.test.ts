import { describe, expect, it } from "vitest";
import { mcpClientConfig, mcpServerName } from "./mcp-client-config";

const input = {
  name: "acme/weather api",
  url: "https://gw.example.com/_mcp/acme/weather",
  key: "pk_x",
  tenantId: null,
};

describe("mcpClientConfig", () => {
  it("writes each client's format with the URL and the key header", () => {
    expect(JSON.parse(mcpClientConfig("cursor", input))).toEqual({
      mcpServers: { "acme-weather-api": { url: input.url, headers: { "X-Api-Key": "pk_x" } } },
    });
    expect(JSON.parse(mcpClientConfig("vscode", input))).toEqual({
      servers: { "acme-weather-api": { type: "http", url: input.url, headers: { "X-Api-Key": "pk_x" } } },
    });
    expect(mcpClientConfig("claudeCode", input)).toBe(
      `claude mcp add --transport http acme-weather-api ${input.url} \\\n  --header "X-Api-Key: pk_x"`,
    );
    expect(JSON.parse(mcpClientConfig("claudeDesktop", input)).mcpServers["acme-weather-api"].args).toEqual([
      "-y",
      "mcp-remote",
      input.url,
      "--header",
      "X-Api-Key:pk_x",
    ]);
  });

  it("adds the tenant header when the tenant is not the default one", () => {
    const config = JSON.parse(mcpClientConfig("cursor", { ...input, tenantId: "t2" }));
    expect(config.mcpServers["acme-weather-api"].headers).toEqual({ "X-Api-Key": "pk_x", "x-tenant-id": "t2" });
    expect(mcpClientConfig("claudeCode", { ...input, tenantId: "t2" })).toContain('--header "x-tenant-id: t2"');
  });

  it("names servers with safe characters only", () => {
    expect(mcpServerName("  ")).toBe("portico");
    expect(mcpServerName("Portico Echo!")).toBe("Portico-Echo");
  });
});
