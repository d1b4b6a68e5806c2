import { describe, expect, it } from "vitest";
import { clientIpKey } from "./client-ip";

describe("clientIpKey", () => {
  it("keeps IPv4 addresses and unwraps IPv4-mapped IPv6", () => {
    expect(clientIpKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientIpKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts IPv6 per /64, however the address is written", () => {
    expect(clientIpKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientIpKey("2001:0DB8:0001:0002:ffff:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(clientIpKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientIpKey("::1")).toBe("0:0:0:0::/64");
    expect(clientIpKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientIpKey("2001:db8:1:2:3::")).toBe("2001:db8:1:2::/64");
  });

  it("leaves anything else as it is", () => {
    expect(clientIpKey("unknown")).toBe("unknown");
  });
});
