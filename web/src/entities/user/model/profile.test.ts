// The profile reader takes either spelling and an enveloped answer; the greeting falls back to 'Trader'.
import { expect, test } from "bun:test";
import { decodeProfile as readProfile } from "../api/decode-user";
import { fullName, greetingName } from "./profile";

test("either spelling, bare or under data", () => {
  expect(readProfile({ first_name: "Ada", last_name: "Lovelace", email: "ada@x.io", createdAt: "2025-01-02", credits: 3 })).toEqual({
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@x.io",
    createdAt: "2025-01-02",
    credits: 3,
  });
  expect(readProfile({ data: { firstName: "Ada", email: "ada@x.io" } })?.firstName).toBe("Ada");
  expect(readProfile(null)).toBeNull();
});

test("names: full name of the parts present, greeting falls back to Trader", () => {
  expect(fullName(readProfile({ first_name: "Ada", last_name: "Lovelace" })!)).toBe("Ada Lovelace");
  expect(fullName(readProfile({ firstName: "Ada" })!)).toBe("Ada");
  expect(greetingName(readProfile({ first_name: "  Ada " }))).toBe("Ada");
  expect(greetingName(readProfile({ first_name: "   " }))).toBe("Trader");
  expect(greetingName(null)).toBe("Trader");
});
