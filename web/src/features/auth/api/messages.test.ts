// Auth failure texts come from the server's error code, so rewording a server detail cannot change what users read.
import { expect, test } from "bun:test";
import { ApiError } from "@web/lib/api";
import { deviceCodeErrorText, loginErrorText, registrationErrorText } from "./messages";

const failure = (status: number, code: string, detail = "reworded by the server") => new ApiError(detail, status, JSON.stringify({ detail, code }));

test("device code failures map by code, whatever the detail says", () => {
  expect(deviceCodeErrorText(failure(400, "invalid_code"))).toBe("Please check the 6 digits and try again.");
  expect(deviceCodeErrorText(failure(400, "code_expired"))).toBe("Code expired. Request a new one.");
  expect(deviceCodeErrorText(failure(400, "pending_sign_in_missing"))).toBe("Session expired. Please sign in again.");
  expect(deviceCodeErrorText(failure(429, "device_sign_in_locked"))).toBe("Too many attempts. Please wait and try again.");
  // A server without codes still gets the spec's word matching.
  expect(deviceCodeErrorText(new ApiError("x", 400, JSON.stringify({ detail: "Invalid code" })))).toBe("Please check the 6 digits and try again.");
});

test("login and registration failures map by code", () => {
  expect(loginErrorText(failure(403, "user_blocked"))).toBe("This user is blocked");
  expect(loginErrorText(failure(401, "invalid_credentials"))).toBe("Email or password is incorrect.");
  expect(registrationErrorText(failure(409, "email_in_use"), "create")).toEqual({
    text: "This email is already in use. Try signing in or use a different email.",
    inUse: true,
  });
  expect(registrationErrorText(failure(400, "invalid_code"), "create").text).toBe("The verification code is invalid or expired.");
});
