// Create Account (spec 01 §2, §4, §5, §8): e-mail code with 60 s resend, verification, names, password, three acknowledgements.
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { isValidEmail, passwordProblem } from "@core/accounts";
import { Button } from "@web/components/ui/Button";
import { Checkbox } from "@web/components/ui/Checkbox";
import { Field } from "@web/components/ui/Field";
import { Input } from "@web/components/ui/Input";
import { PasswordInput, PasswordStrength } from "@web/components/ui/PasswordInput";
import { usePageTitle } from "@web/lib/use-page-title";
import { completeRegistration, sendRegistrationCode, verifyRegistrationCode } from "../api/auth-api";
import { registrationErrorText } from "../api/messages";
import { REGISTERED_FLAG_KEY, writeLocal } from "../hooks/local-flags";
import { mmss, useCountdown } from "../hooks/use-countdown";
import { AuthShell, Notice } from "./AuthShell";

export const REGISTRATION_RESEND_SECONDS = 60;
const REDIRECT_MS = 2000;

function emailProblem(email: string): string | null {
  if (!email.trim()) return "Email is required.";
  if (!isValidEmail(email)) return "Please enter a valid email address.";
  return null;
}

export function RegisterPage() {
  usePageTitle("Create Account");
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [verificationCode, setVerificationCode] = useState("");
  const [sessionToken, setSessionToken] = useState<string | null>(null);
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [acceptedTermsOfUse, setTerms] = useState(false);
  const [acceptedPrivacyPolicy, setPrivacy] = useState(false);
  const [acceptedRiskDisclosure, setRisk] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState<null | "send" | "verify" | "create">(null);
  const [error, setError] = useState<{ text: string; inUse?: boolean } | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const cooldown = useCountdown();

  useEffect(() => {
    if (!done) return;
    const id = setTimeout(() => navigate("/login"), REDIRECT_MS);
    return () => clearTimeout(id);
  }, [done, navigate]);

  const onEmailChange = (v: string) => {
    setEmail(v);
    // A verified e-mail is only the one that was verified: editing it starts over.
    if (sessionToken || codeSent) {
      setSessionToken(null);
      setCodeSent(false);
      setVerificationCode("");
      cooldown.reset();
      setInfo(null);
    }
  };

  const onSendCode = async () => {
    setError(null);
    const problem = emailProblem(email);
    if (problem) return setError({ text: problem });
    setBusy("send");
    try {
      await sendRegistrationCode(email);
      setCodeSent(true);
      cooldown.start(REGISTRATION_RESEND_SECONDS);
      setInfo("We sent a 6-digit code to your e-mail. It is valid for 10 minutes.");
    } catch (err) {
      setError(registrationErrorText(err, "send"));
    } finally {
      setBusy(null);
    }
  };

  const onVerify = async () => {
    setError(null);
    setBusy("verify");
    try {
      const res = await verifyRegistrationCode(email, verificationCode);
      if (!res?.session_token) {
        setError({ text: "Verification succeeded but no session token returned by server." });
        return;
      }
      setSessionToken(res.session_token);
      setInfo("Email verified. Complete the form to create your account.");
    } catch (err) {
      setError(registrationErrorText(err, "verify"));
    } finally {
      setBusy(null);
    }
  };

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const problem =
      emailProblem(email) ??
      (sessionToken ? null : "Please verify your email before creating an account.") ??
      (!firstName.trim() || !lastName.trim() ? "First name and last name are required." : null) ??
      passwordProblem(password, confirmPassword) ??
      (acceptedTermsOfUse ? null : "I must agree to the Terms of Use.") ??
      (acceptedPrivacyPolicy ? null : "I must agree to the Privacy Policy.") ??
      (acceptedRiskDisclosure ? null : "I must acknowledge the Risk Disclosure.");
    if (problem || !sessionToken) return setError({ text: problem ?? "Please verify your email before creating an account." });
    setBusy("create");
    try {
      await completeRegistration({
        email, sessionToken, firstName, lastName, password, confirmPassword,
        acceptedTermsOfUse, acceptedPrivacyPolicy, acceptedRiskDisclosure,
      });
      writeLocal(REGISTERED_FLAG_KEY, "1");
      setDone(true);
    } catch (err) {
      setError(registrationErrorText(err, "create"));
    } finally {
      setBusy(null);
    }
  };

  const verified = sessionToken !== null;
  const link = (to: string, text: string) => (
    <Link to={to} target="_blank" className="font-medium text-accent-strong hover:underline">
      {text}
    </Link>
  );

  return (
    <AuthShell
      title="Create Account"
      subtitle="Start with 1 free credit. No card needed."
      wide
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-accent-strong hover:underline">
            Sign In
          </Link>
        </>
      }
    >
      {done ? (
        <Notice tone="success">Account created successfully! Redirecting to sign in...</Notice>
      ) : (
        <form onSubmit={onCreate} className="flex flex-col gap-4" noValidate>
          <Field id="reg-email" label="Email">
            <div className="flex gap-2">
              <Input id="reg-email" type="email" autoComplete="email" value={email} onChange={(e) => onEmailChange(e.target.value)} placeholder="you@example.com" />
              <Button variant="secondary" onClick={onSendCode} disabled={busy !== null || cooldown.remaining > 0 || verified}>
                {busy === "send" ? "Sending..." : cooldown.remaining > 0 ? `Resend in ${mmss(cooldown.remaining)}` : codeSent ? "Resend code" : "Send code"}
              </Button>
            </div>
          </Field>
          {codeSent && !verified ? (
            <Field id="reg-code" label="Verification code">
              <div className="flex gap-2">
                <Input
                  id="reg-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={verificationCode}
                  onChange={(e) => setVerificationCode(e.target.value.replace(/\D/g, ""))}
                  placeholder="6-digit code"
                />
                <Button variant="secondary" onClick={onVerify} disabled={busy !== null || verificationCode.length !== 6}>
                  {busy === "verify" ? "Verifying..." : "Verify"}
                </Button>
              </div>
            </Field>
          ) : null}
          {info ? <Notice tone={verified ? "success" : "info"}>{info}</Notice> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="reg-first" label="First name">
              <Input id="reg-first" autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
            </Field>
            <Field id="reg-last" label="Last name">
              <Input id="reg-last" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
            </Field>
          </div>
          <Field id="reg-password" label="Password">
            <PasswordInput id="reg-password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <PasswordStrength password={password} />
          <Field id="reg-confirm" label="Confirm password">
            <PasswordInput id="reg-confirm" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
          </Field>
          <div className="flex flex-col gap-2.5">
            <Checkbox id="ack-terms" checked={acceptedTermsOfUse} onCheckedChange={setTerms} label={<>I agree to the {link("/terms", "Terms of Use")}</>} />
            <Checkbox id="ack-privacy" checked={acceptedPrivacyPolicy} onCheckedChange={setPrivacy} label={<>I agree to the {link("/privacy", "Privacy Policy")}</>} />
            <Checkbox
              id="ack-risk"
              checked={acceptedRiskDisclosure}
              onCheckedChange={setRisk}
              label={<>I have read the {link("/risk", "Risk Disclosure")} and I am 18 or older</>}
            />
          </div>
          {error ? (
            <Notice tone="error">
              {error.text}
              {error.inUse ? (
                <>
                  {" "}
                  <Link to="/login" className="font-semibold underline">
                    Go to Sign In
                  </Link>
                </>
              ) : null}
            </Notice>
          ) : null}
          <Button type="submit" size="lg" disabled={busy !== null}>
            {busy === "create" ? "Creating account..." : "Create Account"}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
