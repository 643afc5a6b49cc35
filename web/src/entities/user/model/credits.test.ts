// Credits shown and checked: the balance, the profile's credits when the balance call fails, and the focus refetch.
import { describe, expect, test } from "bun:test";
import { QueryClient } from "@tanstack/react-query";
import { creditBalanceQuery } from "../api/credit-balance";
import { pickCredits } from "./credits";

describe("credits", () => {
  test("the balance wins while it answers", () => {
    expect(pickCredits(4, false, 9)).toBe(4);
    expect(pickCredits(0, false, 9)).toBe(0);
  });
  test("a failed or unreadable balance falls back to the profile's credits", () => {
    expect(pickCredits(undefined, true, 3)).toBe(3);
    expect(pickCredits(7, true, 3)).toBe(3);
    expect(pickCredits(null, false, 2)).toBe(2);
    expect(pickCredits(undefined, true, 0)).toBe(0);
  });
  test("unknown when neither has a number, and never the profile while the balance is still loading", () => {
    expect(pickCredits(undefined, true, null)).toBeNull();
    expect(pickCredits(undefined, true, undefined)).toBeNull();
    expect(pickCredits(undefined, false, 5)).toBeNull();
  });
  test("the balance refetches on every window focus, fresh or not (spec 01 §7)", () => {
    const options = creditBalanceQuery(true);
    expect(options.refetchOnWindowFocus).toBe("always");
    // The app default would otherwise keep it fresh for 300 s and skip the focus refetch.
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 300_000, refetchOnWindowFocus: false } } });
    expect(client.defaultQueryOptions(options).refetchOnWindowFocus).toBe("always");
  });
});
