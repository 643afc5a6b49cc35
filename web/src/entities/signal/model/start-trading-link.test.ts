// Links that preselect a pair on Start Trading, and reading them back.
import { expect, test } from "bun:test";
import { preselectedSymbol, startTradingHref } from "./start-trading-link";

const SUPPORTED = new Set(["BTCUSDT", "SOLUSDT"]);

test("a link carries the pair; the screen reads it back only when supported", () => {
  expect(startTradingHref("SOLUSDT")).toBe("/trading?symbol=SOLUSDT");
  const back = (href: string) => preselectedSymbol(new URL(href, "http://x").searchParams, SUPPORTED);
  expect(back(startTradingHref("SOLUSDT"))).toBe("SOLUSDT");
  expect(back("/trading?symbol=%20solusdt%20")).toBe("SOLUSDT");
  expect(back("/trading?symbol=NOPEUSDT")).toBeNull();
  expect(back("/trading?symbol=")).toBeNull();
  expect(back("/trading")).toBeNull();
});
