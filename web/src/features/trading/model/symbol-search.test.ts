// Combobox ranking: prefix > substring > subsequence, favorites first, the 60 cap, highlighting and Favorites Only.
import { describe, expect, test } from "bun:test";
import { SUPPORTED_SYMBOLS } from "@core/market/symbols";
import { DROPDOWN_LIMIT, highlightParts, matchSymbol, normalizeSymbolInput, searchSymbols } from "./symbol-search";

const LIST = ["BTCUSDT", "ETHUSDT", "SOLUSDT", "WBTCUSDT", "BATUSDT", "ETHBTC"];

describe("matchSymbol", () => {
  test("prefix, substring and in-order subsequence carry the matched positions", () => {
    expect(matchSymbol("BTCUSDT", "BTC")).toEqual({ kind: "prefix", indices: [0, 1, 2] });
    expect(matchSymbol("WBTCUSDT", "BTC")).toEqual({ kind: "substring", indices: [1, 2, 3] });
    expect(matchSymbol("BATUSDT", "BT")).toEqual({ kind: "subsequence", indices: [0, 2] });
    expect(matchSymbol("ETHUSDT", "BTC")).toBeNull();
    // Letters out of order do not match.
    expect(matchSymbol("SOLUSDT", "LOS")).toBeNull();
  });
});

describe("searchSymbols", () => {
  test("ranks prefix before substring before subsequence, keeping list order inside a kind", () => {
    expect(searchSymbols("bt", LIST, []).map((m) => [m.symbol, m.kind])).toEqual([
      ["BTCUSDT", "prefix"],
      ["WBTCUSDT", "substring"],
      ["ETHBTC", "substring"],
      ["BATUSDT", "subsequence"],
    ]);
  });

  test("input is trimmed and upper-cased", () => {
    expect(normalizeSymbolInput("  solusdt \n")).toBe("SOLUSDT");
    expect(searchSymbols("  eth ", LIST, []).map((m) => m.symbol)).toEqual(["ETHUSDT", "ETHBTC"]);
  });

  test("favorites come first, even before a better match", () => {
    expect(searchSymbols("BT", LIST, ["BATUSDT"]).map((m) => m.symbol)).toEqual(["BATUSDT", "BTCUSDT", "WBTCUSDT", "ETHBTC"]);
    expect(searchSymbols("", LIST, ["SOLUSDT", "ETHBTC"]).map((m) => m.symbol)).toEqual([
      "SOLUSDT",
      "ETHBTC",
      "BTCUSDT",
      "ETHUSDT",
      "WBTCUSDT",
      "BATUSDT",
    ]);
  });

  test("Favorites Only keeps favorites alone", () => {
    expect(searchSymbols("", LIST, ["ETHUSDT", "SOLUSDT"], { favoritesOnly: true }).map((m) => m.symbol)).toEqual(["ETHUSDT", "SOLUSDT"]);
    expect(searchSymbols("BTC", LIST, ["ETHUSDT"], { favoritesOnly: true })).toEqual([]);
  });

  test("at most 60 results from the full supported list", () => {
    expect(SUPPORTED_SYMBOLS.length).toBeGreaterThan(DROPDOWN_LIMIT);
    const all = searchSymbols("", SUPPORTED_SYMBOLS, []);
    expect(all.length).toBe(60);
    expect(all[0].symbol).toBe(SUPPORTED_SYMBOLS[0]);
    expect(searchSymbols("USDT", SUPPORTED_SYMBOLS, []).length).toBe(60);
    expect(searchSymbols("zzzz", SUPPORTED_SYMBOLS, [])).toEqual([]);
  });
});

describe("highlightParts", () => {
  test("groups runs of matched and unmatched letters", () => {
    expect(highlightParts("BATUSDT", [0, 2])).toEqual([
      { text: "B", hit: true },
      { text: "A", hit: false },
      { text: "T", hit: true },
      { text: "USDT", hit: false },
    ]);
    expect(highlightParts("ETH", [])).toEqual([{ text: "ETH", hit: false }]);
  });
});
