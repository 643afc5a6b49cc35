// Registration problems come one at a time, in the order the screen reports them.
import { expect, test } from "bun:test";
import { EMPTY_REGISTRATION, NOT_VERIFIED, emailProblem, registrationProblem } from "./registration";

const full = { ...EMPTY_REGISTRATION, firstName: "Ada", lastName: "Lovelace", password: "Secret-123", confirmPassword: "Secret-123" };

test("e-mail first, then verification, names, password and the three acknowledgements", () => {
  expect(emailProblem(" ")).toBe("Email is required.");
  expect(emailProblem("nope")).toBe("Please enter a valid email address.");
  expect(registrationProblem("ada@example.com", false, full)).toBe(NOT_VERIFIED);
  expect(registrationProblem("ada@example.com", true, { ...full, lastName: " " })).toBe("First name and last name are required.");
  expect(registrationProblem("ada@example.com", true, full)).toBe("I must agree to the Terms of Use.");
  expect(registrationProblem("ada@example.com", true, { ...full, acceptedTermsOfUse: true })).toBe("I must agree to the Privacy Policy.");
  const agreed = { ...full, acceptedTermsOfUse: true, acceptedPrivacyPolicy: true };
  expect(registrationProblem("ada@example.com", true, agreed)).toBe("I must acknowledge the Risk Disclosure.");
  expect(registrationProblem("ada@example.com", true, { ...agreed, acceptedRiskDisclosure: true })).toBeNull();
});
