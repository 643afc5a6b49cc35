// Reasoning previews: 140 and 220 characters including the ellipsis; timeframe hidden when empty or n/a.
import { describe, expect, test } from "bun:test";
import { DAY_SNIPPET_MAX, LIVE_REASON_MAX, hasTimeframe, truncateText } from "./reasoning-text";

describe("truncateText", () => {
  test("short text is kept, whitespace collapsed", () => {
    expect(truncateText("  Trend up  on\n4H ", 140)).toBe("Trend up on 4H");
    expect(truncateText(null, 140)).toBe("");
    expect(truncateText("x".repeat(140), LIVE_REASON_MAX)).toBe("x".repeat(140));
  });
  test("long text is cut to the limit, ellipsis included", () => {
    const cut = truncateText("a".repeat(141), LIVE_REASON_MAX);
    expect(cut).toBe("a".repeat(139) + "…");
    expect(cut.length).toBe(140);
    const snippet = truncateText("word ".repeat(100), DAY_SNIPPET_MAX);
    expect(snippet.length).toBeLessThanOrEqual(220);
    expect(snippet.endsWith("word…")).toBe(true);
  });
});

describe("hasTimeframe", () => {
  test("empty and n/a are hidden", () => {
    expect(hasTimeframe("4H")).toBe(true);
    expect(hasTimeframe("")).toBe(false);
    expect(hasTimeframe("  ")).toBe(false);
    expect(hasTimeframe("n/a")).toBe(false);
    expect(hasTimeframe("N/A")).toBe(false);
    expect(hasTimeframe(null)).toBe(false);
  });
});
