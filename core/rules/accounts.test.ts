// The linear e-mail check accepts exactly what the old pattern accepted, and refuses long input without scanning it twice.
import { describe, expect, test } from "bun:test";
import { EMAIL_MAX_LENGTH, isValidEmail } from "./accounts";

// The pattern the linear check replaced: quadratic on long runs of dots, so it only sees short strings here.
const OLD = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

describe("isValidEmail", () => {
  test("agrees with the old pattern on 20,000 random short strings", () => {
    let seed = 12345;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const alphabet = ["a", "b", "@", ".", " ", "\t", "-", "_", "1"];
    for (let i = 0; i < 20_000; i++) {
      const len = 1 + Math.floor(rand() * 12);
      const s = Array.from({ length: len }, () => alphabet[Math.floor(rand() * alphabet.length)]).join("");
      expect([s, isValidEmail(s)]).toEqual([s, OLD.test(s.trim())]);
    }
  });

  test("hand cases", () => {
    for (const ok of ["a@b.c", "ada@example.com", " ada@example.com ", "a.b@c.d.e", "a@.b.c"]) expect(isValidEmail(ok)).toBe(true);
    for (const bad of ["", "a@b", "a@b.", "@b.c", "a@@b.c", "a@b@c.d", "a b@c.d", "a@b .c", "a@.c"]) expect(isValidEmail(bad)).toBe(false);
  });

  test("long input is refused by length, including the backtracking traps", () => {
    expect(isValidEmail(`${"a".repeat(EMAIL_MAX_LENGTH - 5)}@b.com`)).toBe(false);
    expect(isValidEmail(`${"a".repeat(EMAIL_MAX_LENGTH - 6)}@b.com`)).toBe(true);
    expect(isValidEmail("a@" + "a.".repeat(30_000) + "!")).toBe(false);
  });
});
