// The one code → screen-text table: a screen's own texts by code, the shared password rules by a weak_password answer.
import { expect, test } from "bun:test";
import { ERROR_CODES } from "@core/contract/errors";
import { PASSWORD_MESSAGES } from "@core/rules/accounts";
import { ApiError } from "./api";
import { errorCodeOf, passwordRule, screenText } from "./error-text";

const answer = (status: number, body: unknown) => new ApiError("x", status, JSON.stringify(body));

test("every screen text is a non-empty string, and a code without one falls back (null)", () => {
  for (const code of ERROR_CODES) {
    for (const screen of ["signIn", "deviceCode", "registration", "changePassword"] as const) {
      const text = screenText(code, screen);
      if (text !== null) expect(text.trim()).not.toBe("");
    }
  }
  expect(screenText("wrong_current_password", "changePassword")).toBe("Current password is incorrect. Please check your password and try again.");
  expect(screenText("wrong_current_password", "signIn")).toBeNull();
  expect(screenText("insufficient_credits", "registration")).toBeNull();
  expect(screenText(null, "deviceCode")).toBeNull();
});

test("only a code of the contract is read; an unknown one is no code", () => {
  expect(errorCodeOf(answer(400, { detail: "x", code: "weak_password" }))).toBe("weak_password");
  expect(errorCodeOf(answer(400, { detail: "x", code: "made_up" }))).toBeNull();
  expect(errorCodeOf(new Error("weak_password"))).toBeNull();
});

test("a weak_password answer names its shared rule; other codes or details name none", () => {
  expect(passwordRule(answer(400, { detail: PASSWORD_MESSAGES.sameAsCurrent, code: "weak_password" }))).toBe("sameAsCurrent");
  expect(passwordRule(answer(400, { detail: "Too weak", code: "weak_password" }))).toBeNull();
  expect(passwordRule(answer(400, { detail: PASSWORD_MESSAGES.tooShort, code: "bad_request" }))).toBeNull();
});
