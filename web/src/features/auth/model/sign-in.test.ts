// The sign-in state machine: the device step opens with its notice, Back clears the error, an e-mail edit keeps it.
import { expect, test } from "bun:test";
import { DEVICE_CODE_RESENT, DEVICE_CODE_SENT, SIGN_IN_START, afterSignInPath, isFullCode, signInReducer, type SignInEvent } from "./sign-in";

const run = (...events: SignInEvent[]) => events.reduce(signInReducer, SIGN_IN_START);

test("a pending device opens the code step with its notice", () => {
  expect(run({ type: "code", code: "12" }, { type: "device-pending", sessionId: 9 })).toMatchObject({
    mode: "otp",
    pendingSessionId: 9,
    code: "",
    info: DEVICE_CODE_SENT,
  });
  expect(run({ type: "device-pending", sessionId: 9 }, { type: "code", code: "123" }, { type: "code-resent" })).toMatchObject({
    code: "",
    info: DEVICE_CODE_RESENT,
  });
});

test("leaving the code step: Back clears the error, an e-mail edit keeps it", () => {
  const failed = run({ type: "device-pending", sessionId: 9 }, { type: "error", error: "Code expired. Request a new one." });
  expect(signInReducer(failed, { type: "leave-otp", keepError: false })).toEqual(SIGN_IN_START);
  expect(signInReducer(failed, { type: "leave-otp", keepError: true })).toEqual({ ...SIGN_IN_START, error: "Code expired. Request a new one." });
});

test("a full code is six digits", () => {
  expect(isFullCode("123456")).toBe(true);
  expect(isFullCode("12345")).toBe(false);
  expect(isFullCode("12345a")).toBe(false);
});

test("a sign-in returns to the page asked for, on this site only", () => {
  expect(afterSignInPath({ from: "/profile?tab=sessions" })).toBe("/profile?tab=sessions");
  expect(afterSignInPath(null)).toBe("/dashboard");
  expect(afterSignInPath({ from: "//evil.example/x" })).toBe("/dashboard");
  expect(afterSignInPath({ from: "/\\evil.example" })).toBe("/dashboard");
  expect(afterSignInPath({ from: "https://evil.example" })).toBe("/dashboard");
  expect(afterSignInPath({ from: "/login" })).toBe("/dashboard");
});
