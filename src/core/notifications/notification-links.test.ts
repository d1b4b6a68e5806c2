import { describe, expect, it } from "vitest";
import { isSafeNotificationUrl } from "./notification-links";
import { sanitizeNotificationBody } from "./notifications.service";

describe("isSafeNotificationUrl", () => {
  it.each([
    "/developer/billing",
    "/de/api/acme/weather?tab=plans#x",
    "/search/%E2%9C%93",
    "https://status.example.com/incident/1",
    "http://example.com/x",
  ])("accepts %s", (url) => {
    expect(isSafeNotificationUrl(url)).toBe(true);
  });

  it.each([
    "/\\evil.example",
    "/\\/evil.example",
    "//evil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%2F/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/ /evil.example",
    "javascript:alert(1)",
    "data:text/html,x",
    "evil.example",
    "",
  ])("refuses %j", (url) => {
    expect(isSafeNotificationUrl(url)).toBe(false);
  });
});

describe("notification body links", () => {
  it("drops hrefs that browsers read as another origin", async () => {
    const html = await sanitizeNotificationBody(
      '<a href="/\\evil.example">a</a><a href="//evil.example">b</a><a href="/%5Cevil.example">c</a><a href="/ok">d</a>',
    );
    expect(html).not.toContain("evil.example");
    expect(html).toContain('href="/ok"');
  });
});
