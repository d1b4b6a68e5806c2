import { describe, expect, it } from "vitest";
import { isDangerousPath } from "./route-guard";

describe("isDangerousPath", () => {
  it.each([
    "/search/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "/search/<script>alert(1)</script>",
    "/javascript:alert(1)",
    "/search/prompt(1)",
    "/category/a%3Bb",
    "/category/%253Cscript%253E",
    "/a/%3e",
    "/x%253Bfoo",
    "/x%25253bfoo",
    "/search/%2570rompt",
    "/x%2525252525253B",
  ])("redirects %s", (path) => {
    expect(isDangerousPath(path)).toBe(true);
  });

  it.each(["/hub", "/category/weather", "/he/hub", "/search/weather%20api", "/user/alice", "/search/%E2%9C%93"])(
    "lets %s through",
    (path) => {
      expect(isDangerousPath(path)).toBe(false);
    },
  );
});
