// The SSRF guard's address rule on its own: IANA's reserved IPv6 blocks are refused like the private ranges (issue 31 item 10).
import { expect, test } from "bun:test";
import { addressAllowed } from "./ssrf";

test("site-local fec0::/10, documentation 3fff::/20 and SRv6 5f00::/16 are refused; global unicast around them is not", () => {
  for (const ip of ["fec0::1", "feff:ffff::1", "3fff::1", "3fff:0fff:ffff::1", "5f00::1", "5f00:ffff::2"])
    expect(addressAllowed(ip, false), ip).toBe(false);
  for (const ip of ["3fff:1000::1", "5f01::1", "2606:4700:4700::1111"]) expect(addressAllowed(ip, false), ip).toBe(true);
});
