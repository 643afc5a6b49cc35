// Dashboard paging: the filters as sent, the page answer in either shape, and the merged rows shown only as far as
// both paged lists are loaded.
import { describe, expect, test } from "bun:test";
import type { Signal } from "@web/entities/signal/api/decode-signal";
import type { Analysis } from "@web/entities/analysis/api/decode-analysis";
import { decodeSignals } from "@web/entities/signal/api/decode-signal";
import { decodeAnalyses } from "@web/entities/analysis/api/decode-analysis";
import { readPage } from "../api/decode-page";
import { PAGE_SIZE, completeRows, oldestOf, pageQuery, serverFilters } from "./paging";
import { buildRows, DEFAULT_FILTERS } from "./rows";

const NOW = Date.parse("2025-06-10T12:00:00Z");
const iso = (hoursAgo: number) => new Date(NOW - hoursAgo * 3600_000).toISOString();
const signal = (id: number, hoursAgo: number) =>
  decodeSignals([{ id, type: "LONG", symbol: "BTCUSDT", created_at: iso(hoursAgo), request_id: id * 10 }])[0] as Signal;
const failed = (id: number, hoursAgo: number) =>
  decodeAnalyses([{ id, symbol: "ETHUSDT", status: "FAILED", created_at: iso(hoursAgo) }])[0] as Analysis;

describe("filters on the server", () => {
  test("the table's labels become the server's parameters", () => {
    expect(serverFilters(DEFAULT_FILTERS)).toEqual({ symbol: "", type: "", range: "all" });
    expect(serverFilters({ symbol: " eth ", type: "NO_TRADE", range: "Last 7D" })).toEqual({ symbol: "ETH", type: "NO_TRADE", range: "7d" });
    expect(serverFilters({ symbol: "", type: "LONG", range: "Last 24H" }).range).toBe("24h");
    expect(serverFilters({ symbol: "", type: "LONG", range: "Last 30D" }).range).toBe("30d");
  });
  test("each page sends the page size, its cursor (empty for the first) and only the filters in use", () => {
    expect(pageQuery({ symbol: "", type: "", range: "all" }, "")).toBe(`limit=${PAGE_SIZE}&cursor=`);
    expect(pageQuery({ symbol: "BTC", type: "SHORT", range: "24h" }, "812")).toBe(`limit=${PAGE_SIZE}&cursor=812&symbol=BTC&type=SHORT&range=24h`);
    expect(pageQuery({ symbol: "", type: "", range: "7d", hasSignal: false }, "")).toBe(`limit=${PAGE_SIZE}&cursor=&range=7d&has_signal=false`);
  });
});

describe("page answers", () => {
  test("{items, next_cursor, total}", () => {
    const page = readPage({ items: [{ id: 3, type: "LONG" }, { nope: 1 }], next_cursor: "3", total: 120 }, decodeSignals);
    expect(page.items.map((s) => s.id)).toEqual([3]);
    expect(page.nextCursor).toBe("3");
    expect(page.total).toBe(120);
    expect(readPage({ items: [], next_cursor: null, total: 0 }, decodeSignals)).toEqual({ items: [], nextCursor: null, total: 0, issued: null });
    // The signals list also says how many of the total are LONG/SHORT (the heading's count).
    expect(readPage({ items: [], next_cursor: null, total: 10, issued: 3 }, decodeSignals).issued).toBe(3);
  });
  test("a bare array (a server without paging) is one complete page", () => {
    const page = readPage(
      [
        { id: 1, type: "LONG" },
        { id: 2, type: "SHORT" },
      ],
      decodeSignals,
    );
    expect(page.nextCursor).toBeNull();
    expect(page.total).toBe(2);
    expect(readPage(null, decodeSignals)).toEqual({ items: [], nextCursor: null, total: 0, issued: null });
  });
});

describe("complete rows of two paged lists", () => {
  const signals = [signal(1, 1), signal(2, 5), signal(3, 9)];
  const history = [failed(70, 3), failed(71, 12)];
  const rows = buildRows(signals, history, []);

  test("with every page loaded, every row shows", () => {
    expect(
      completeRows(rows, [
        { oldest: oldestOf(signals), hasMore: false },
        { oldest: oldestOf(history), hasMore: false },
      ]),
    ).toHaveLength(5);
  });
  test("rows older than a list's last loaded row wait while that list has more pages", () => {
    // Signals go back 9 h but have more: the failed analysis of 12 h ago may have older signals above it.
    const shown = completeRows(rows, [
      { oldest: oldestOf(signals), hasMore: true },
      { oldest: oldestOf(history), hasMore: false },
    ]);
    expect(shown.map((r) => r.key)).toEqual(["s1", "a70", "s2", "s3"]);
    // Both have more: the newer of the two limits applies.
    const both = completeRows(rows, [
      { oldest: iso(4), hasMore: true },
      { oldest: oldestOf(history), hasMore: true },
    ]);
    expect(both.map((r) => r.key)).toEqual(["s1", "a70"]);
  });
  test("an unreadable time sets no limit", () => {
    expect(completeRows(rows, [{ oldest: null, hasMore: true }])).toHaveLength(5);
    expect(oldestOf([])).toBeNull();
  });
});
