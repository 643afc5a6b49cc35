// The decimals the lot-size table is built from, as Binance prints prices and volumes.
import { expect, test } from "bun:test";
import { decimals } from "./lot-sizes";

test("decimals of printed numbers", () => {
  expect(["42775.0", "42283.58", "1.3e-06", "0.08956", "413956328095.0", "1271.68108"].map(decimals)).toEqual([0, 2, 7, 5, 0, 5]);
});
