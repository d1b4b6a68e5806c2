import { describe, expect, it } from "vitest";
import { fetchLogo, logoContentType, refusedLogoUrl } from "./logo-fetch";

describe("logo fetch guard (the SSRF guard of spec imports and health probes)", () => {
  it("refuses private, loopback, link-local and internal hosts unless the operator allows them", () => {
    for (const url of [
      "http://127.0.0.1/logo.png",
      "http://10.1.2.3/logo.png",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/logo.png",
      "http://[::ffff:127.0.0.1]/logo.png",
      "https://intranet.internal/logo.png",
      "http://localhost:8080/logo.png",
    ]) {
      expect(refusedLogoUrl(url, false), url).toBe("private, loopback or link-local host");
      expect(refusedLogoUrl(url, true), url).toBeNull();
    }
    expect(refusedLogoUrl("https://api.apis.guru/logo.svg", false)).toBeNull();
  });

  it("refuses other schemes and credentials", () => {
    expect(refusedLogoUrl("file:///etc/passwd", true)).toBe("not an http(s) URL");
    expect(refusedLogoUrl("ftp://example.com/logo.png", true)).toBe("not an http(s) URL");
    expect(refusedLogoUrl("https://user:secret@example.com/logo.png", true)).toBe("the URL carries credentials");
    expect(refusedLogoUrl("not a url", true)).toBe("not a valid URL");
  });

  it("does not connect at all to a refused address", async () => {
    expect(await fetchLogo("http://127.0.0.1:9/logo.png", { allowPrivate: false })).toEqual({
      ok: false,
      failure: "private, loopback or link-local host",
    });
  });

  it("accepts only image content types, normalised", () => {
    expect(logoContentType("image/PNG")).toBe("image/png");
    expect(logoContentType("image/svg+xml; charset=utf-8")).toBe("image/svg+xml");
    expect(logoContentType("image/jpg")).toBe("image/jpeg");
    expect(logoContentType("image/vnd.microsoft.icon")).toBe("image/x-icon");
    expect(logoContentType("text/html")).toBeNull();
    expect(logoContentType("application/javascript")).toBeNull();
    expect(logoContentType(undefined)).toBeNull();
  });
});
