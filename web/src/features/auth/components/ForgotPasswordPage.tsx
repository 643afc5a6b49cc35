// Forgot password (spec 01 §4, §5, §8): one e-mail field, same answer for any address, 30 s / 45 s cooldown.
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Button } from "@web/components/ui/Button";
import { Field } from "@web/components/ui/Field";
import { Input } from "@web/components/ui/Input";
import { ApiError } from "@web/lib/api";
import { usePageTitle } from "@web/lib/use-page-title";
import { forgotPassword } from "../api/auth-api";
import { mmss, useCountdown } from "../hooks/use-countdown";
import { AuthShell, Notice } from "./AuthShell";

const LOOSE_EMAIL = /^\S+@\S+\.\S+$/;
export const FORGOT_COOLDOWN_SECONDS = 30;
export const FORGOT_COOLDOWN_AFTER_429_SECONDS = 45;

export function ForgotPasswordPage() {
  usePageTitle("Forgot Password");
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const cooldown = useCountdown();
  const valid = LOOSE_EMAIL.test(email.trim());

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || cooldown.remaining > 0) return;
    setSending(true);
    try {
      await forgotPassword(email);
      setResult({ tone: "success", text: "If the email exists, a reset link has been sent." });
      cooldown.start(FORGOT_COOLDOWN_SECONDS);
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) {
        setResult({ tone: "error", text: "Too many attempts, try later." });
        cooldown.start(FORGOT_COOLDOWN_AFTER_429_SECONDS);
      } else {
        // Any other outcome reads the same, so the screen never tells whether the address exists.
        setResult({ tone: "success", text: "If the email exists, a reset link has been sent." });
        cooldown.start(FORGOT_COOLDOWN_SECONDS);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthShell
      title="Forgot password"
      subtitle="Enter your account e-mail and we will send you a link to choose a new password."
      footer={
        <Link to="/login" className="font-medium text-accent-strong hover:underline">
          Back to Sign In
        </Link>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <Field id="forgot-email" label="Email" error={email && !valid ? "Enter a valid email address" : null}>
          <Input
            id="forgot-email"
            type="email"
            autoComplete="email"
            value={email}
            invalid={!!email && !valid}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
        <Button type="submit" size="lg" disabled={!valid || sending || cooldown.remaining > 0}>
          {cooldown.remaining > 0 ? `Try again in ${mmss(cooldown.remaining)}` : sending ? "Sending..." : "Send reset link"}
        </Button>
      </form>
    </AuthShell>
  );
}
