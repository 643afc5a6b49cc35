// Registration rules (spec 01 §5): the e-mail check, and the form's first problem in the order the screen reports them.
import { isValidEmail, passwordProblem } from "@core/rules/accounts";

export const REGISTRATION_RESEND_SECONDS = 60;

export type RegistrationDraft = {
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
  acceptedTermsOfUse: boolean;
  acceptedPrivacyPolicy: boolean;
  acceptedRiskDisclosure: boolean;
};

export const EMPTY_REGISTRATION: RegistrationDraft = {
  firstName: "",
  lastName: "",
  password: "",
  confirmPassword: "",
  acceptedTermsOfUse: false,
  acceptedPrivacyPolicy: false,
  acceptedRiskDisclosure: false,
};

export const NOT_VERIFIED = "Please verify your email before creating an account.";

export function emailProblem(email: string): string | null {
  if (!email.trim()) return "Email is required.";
  if (!isValidEmail(email)) return "Please enter a valid email address.";
  return null;
}

export function registrationProblem(email: string, verified: boolean, d: RegistrationDraft): string | null {
  return (
    emailProblem(email) ??
    (verified ? null : NOT_VERIFIED) ??
    (!d.firstName.trim() || !d.lastName.trim() ? "First name and last name are required." : null) ??
    passwordProblem(d.password, d.confirmPassword) ??
    (d.acceptedTermsOfUse ? null : "I must agree to the Terms of Use.") ??
    (d.acceptedPrivacyPolicy ? null : "I must agree to the Privacy Policy.") ??
    (d.acceptedRiskDisclosure ? null : "I must acknowledge the Risk Disclosure.")
  );
}
