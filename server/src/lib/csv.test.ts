// CSV cells: quoting, doubled quotes, line breaks and the formula-injection guard, hand-written expectations.
import { describe, expect, test } from "bun:test";
import { csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  test("plain text and numbers are written as they are", () => {
    expect(csvCell("BTCUSDT")).toBe("BTCUSDT");
    expect(csvCell(42283.58)).toBe("42283.58");
    expect(csvCell(-1.0123)).toBe("-1.0123");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(true)).toBe("true");
  });

  test("commas, quotes and line breaks are quoted, quotes doubled", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
  });

  test("text a spreadsheet would run as a formula gets a leading apostrophe", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1+2")).toBe("'+1+2");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("a=1")).toBe("a=1");
  });
});

test("toCsv writes CRLF-terminated lines, header first", () => {
  expect(
    toCsv(
      ["a", "b"],
      [
        [1, "x,y"],
        [null, "=1"],
      ],
    ),
  ).toBe('a,b\r\n1,"x,y"\r\n,\'=1\r\n');
});
