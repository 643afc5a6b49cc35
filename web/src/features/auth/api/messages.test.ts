// Auth failure texts come from the server's error code, so rewording a server detail cannot change what users read.
import { expect, test } from "bun:test";
import { PASSWORD_MESSAGES } from "@core/rules/accounts";
import { ApiError } from "@web/lib/api";
import { deviceCodeErrorText, loginErrorText, registrationErrorText } from "./messages";

const IN_USE = { text: "This email is already in use. Try signing in or use a different email.", inUse: true };
const failure = (status: number, code: string, detail = "reworded by the server") => new ApiError(detail, status, JSON.stringify({ detail, code }));

test("device code failures map by code, whatever the detail says", () => {
  expect(deviceCodeErrorText(failure(400, "invalid_code"))).toBe("Please check the 6 digits and try again.");
  expect(deviceCodeErrorText(failure(400, "code_expired"))).toBe("Code expired. Request a new one.");
  expect(deviceCodeErrorText(failure(400, "pending_sign_in_missing"))).toBe("Session expired. Please sign in again.");
  expect(deviceCodeErrorText(failure(429, "device_sign_in_locked"))).toBe("Too many attempts. Please wait and try again.");
});

test("login and registration failures map by code", () => {
  expect(loginErrorText(failure(403, "user_blocked"))).toBe("This user is blocked");
  expect(loginErrorText(failure(401, "invalid_credentials"))).toBe("Email or password is incorrect.");
  expect(registrationErrorText(failure(409, "email_in_use"), "create")).toEqual(IN_USE);
  expect(registrationErrorText(failure(400, "invalid_code"), "create").text).toBe("The verification code is invalid or expired.");
});

test("registration: a weak password's rule picks the screen's name for it; other rules and details show as the server words them", () => {
  const weak = (detail: string) => failure(400, "weak_password", detail);
  expect(registrationErrorText(weak(PASSWORD_MESSAGES.tooShort), "create").text).toBe("Password is too short.");
  expect(registrationErrorText(weak(PASSWORD_MESSAGES.mismatch), "create").text).toBe("Passwords do not match.");
  expect(registrationErrorText(weak(PASSWORD_MESSAGES.noUppercase), "create").text).toBe(PASSWORD_MESSAGES.noUppercase);
  expect(registrationErrorText(failure(400, "bad_request", "First name and last name are required."), "create").text).toBe(
    "First name and last name are required.",
  );
  // A code wins over the wording: a detail that happens to say "already" is not the e-mail taken.
  expect(registrationErrorText(failure(400, "invalid_email", "already used"), "send")).toEqual({ text: "Failed to send verification code" });
  expect(registrationErrorText(failure(429, "rate_limited", "slow down"), "verify").text).toBe(
    "Too many attempts. Please wait a moment before trying again.",
  );
});

test("a server that sends no code is read by spec 01 §8's words", () => {
  const bare = (status: number, detail: string) => new ApiError(detail, status, JSON.stringify({ detail }));
  expect(loginErrorText(bare(403, "User is banned"))).toBe("This user is blocked");
  expect(loginErrorText(bare(401, "Wrong password"))).toBe("Email or password is incorrect.");
  expect(deviceCodeErrorText(bare(400, "Invalid code"))).toBe("Please check the 6 digits and try again.");
  expect(deviceCodeErrorText(bare(400, "Code has expired"))).toBe("Code expired. Request a new one.");
  expect(deviceCodeErrorText(bare(429, "Rate limit hit"))).toBe("Too many attempts. Please wait and try again.");
  expect(deviceCodeErrorText(bare(400, "nope"))).toBe("Invalid code. Please try again.");
  expect(registrationErrorText(bare(400, "Email already exists"), "create")).toEqual(IN_USE);
  expect(registrationErrorText(bare(400, "Password too short"), "create").text).toBe("Password is too short.");
  expect(registrationErrorText(bare(400, "Passwords do not match"), "create").text).toBe("Passwords do not match.");
  expect(registrationErrorText(bare(500, "boom"), "create").text).toBe("Something went wrong. Please try again.");
});
