import { describe, expect, it } from "vitest";
import { guardedLookup, isPrivateAddress, isPrivateHost, validateUpstreamUrl } from "./ssrf-guard";

describe("SSRF guard", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "10.0.0.5",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "::",
    "fe80::1",
    "fd00::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "64:ff9b::a9fe:a9fe",
    "[::1]",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows %s", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it("treats internal names as private", () => {
    expect(isPrivateHost("localhost")).toBe(true);
    expect(isPrivateHost("db.internal")).toBe(true);
    expect(isPrivateHost("api.example.com")).toBe(false);
  });

  it("validates upstream URLs", () => {
    expect(() => validateUpstreamUrl("http://127.0.0.1:8080/", { allowPrivate: false })).toThrow(/not allowed/);
    expect(() => validateUpstreamUrl("http://[::1]/", { allowPrivate: false })).toThrow(/not allowed/);
    expect(() => validateUpstreamUrl("ftp://example.com/", { allowPrivate: false })).toThrow(/http/);
    expect(() => validateUpstreamUrl("https://u:p@example.com/", { allowPrivate: false })).toThrow(/credentials/);
    expect(() => validateUpstreamUrl("not a url", { allowPrivate: false })).toThrow(
      "The URL is not valid. Please verify.",
    );
    expect(validateUpstreamUrl("http://127.0.0.1:8080/", { allowPrivate: true }).port).toBe("8080");
    expect(validateUpstreamUrl("https://api.example.com/v1", { allowPrivate: false }).pathname).toBe("/v1");
  });

  it("refuses names that resolve to private addresses at connect time", async () => {
    const lookup = guardedLookup(false);
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup("localhost", {}, (e) => resolve(e)),
    );
    expect(error?.code).toBe("EPRIVATEUPSTREAM");
    const allowed = await new Promise<string>((resolve, reject) =>
      guardedLookup(true)("localhost", {}, (e, address) => (e ? reject(e) : resolve(String(address)))),
    );
    expect(isPrivateAddress(allowed)).toBe(true);
  });
});
