// Data-layer guards: query keys come only from the key factories (files named *keys.ts), and one module names
// /api/user/profile, so every screen, mutation and socket push reaches a cache entry the same way.
import { expect, test } from "bun:test";
import { Glob } from "bun";
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";

const SRC = join(import.meta.dir, "..");
const SELF = basename(import.meta.path);
const files = [...new Glob("**/*.{ts,tsx}").scanSync(SRC)].filter((f) => basename(f) !== SELF).sort();
const lines = (f: string) => readFileSync(join(SRC, f), "utf8").split("\n");

/** An inline array as a query key, or as the key argument of a QueryClient method. */
const LITERAL_KEY = [
  /queryKey\s*:\s*\[/,
  /\.(?:get|set|invalidate|cancel|fetch|prefetch|ensure|refetch|remove|reset)Quer(?:y|ies)(?:Data|State)?\(\s*\[/,
];

test("no literal query key outside the key factories", () => {
  const found = files
    .filter((f) => !f.endsWith("keys.ts"))
    .flatMap((f) => lines(f).flatMap((line, i) => (LITERAL_KEY.some((re) => re.test(line)) ? [`${f}:${i + 1}: ${line.trim()}`] : [])));
  expect(found).toEqual([]);
});

test("the guard itself catches a literal key", () => {
  expect(LITERAL_KEY.some((re) => re.test(`useQuery({ queryKey: ["/api/user/profile"] })`))).toBe(true);
  expect(LITERAL_KEY.some((re) => re.test(`qc.invalidateQueries({ queryKey: ["x"] })`))).toBe(true);
  expect(LITERAL_KEY.some((re) => re.test(`qc.setQueryData(["x"], 1)`))).toBe(true);
  expect(LITERAL_KEY.some((re) => re.test(`useQuery({ queryKey: userKeys.profile() })`))).toBe(false);
});

test("one module names /api/user/profile", () => {
  const naming = files.filter((f) => !f.endsWith(".test.ts") && lines(f).some((l) => l.includes("/api/user/profile")));
  expect(naming).toEqual(["entities/user/api/profile.ts"]);
});
