// Reset password (spec 01 §4, §5, §8): token from /reset-password/<token> or ?token=, strength meter, redirect after 1200 ms.
import { useSetAtom } from "@web/lib/store";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { passwordProblem, PASSWORD_MESSAGES } from "@core/rules/accounts";
import { Button } from "@web/components/ui/Button";
import { Field } from "@web/components/ui/Field";
import { PasswordInput, PasswordStrength } from "@web/components/ui/PasswordInput";
import { ApiError } from "@web/lib/api";
import { usePageTitle } from "@web/lib/use-page-title";
import { resetPassword } from "../api/auth-api";
import { justResetAtom, signInEmailAtom } from "../hooks/use-registered-notice";
import { AuthShell, Notice } from "./AuthShell";

export const RESET_REDIRECT_MS = 1200;

export function ResetPasswordPage() {
  usePageTitle("Reset Password");
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const setJustReset = useSetAtom(justResetAtom);
  const setSignInEmail = useSetAtom(signInEmailAtom);
  const token = (params.token ?? search.get("token") ?? "").trim();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  useEffect(() => {
    if (result?.tone !== "success") return;
    const id = setTimeout(() => {
      // The sign-in page repeats the confirmation: 1.2 s is easy to miss.
      setJustReset(true);
      navigate("/login", { replace: true });
    }, RESET_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [result, navigate, setJustReset]);

  if (!token) {
    return (
      <AuthShell title="Invalid reset link">
        <p className="text-sm text-muted">The link is missing or malformed.</p>
        <Link to="/forgot-password" className="mt-4 inline-block text-sm font-medium text-accent-strong hover:underline">
          Request a new reset link
        </Link>
      </AuthShell>
    );
  }

  const mismatch = confirm.length > 0 && password !== confirm;
  const ruleProblem = password ? passwordProblem(password, password) : null;
  const canSubmit = !!token && !!password && !ruleProblem && !mismatch && confirm.length > 0 && !saving;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    setSaving(true);
    setResult(null);
    try {
      const answer = await resetPassword(token, password, confirm);
      if (answer?.email) setSignInEmail(answer.email);
      setResult({ tone: "success", text: "Password reset successful" });
    } catch (err) {
      setResult({
        tone: "error",
        text:
          err instanceof ApiError && err.status === 400 ? "Invalid or expired link. Please request a new one." : "Something went wrong. Try again.",
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthShell title="Reset password" subtitle="Choose a new password for your account.">
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <Field id="reset-new" label="New password" error={ruleProblem}>
          <PasswordInput
            id="reset-new"
            autoComplete="new-password"
            value={password}
            invalid={!!ruleProblem}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <PasswordStrength password={password} lowercaseOrUnderscore />
        <Field id="reset-confirm" label="Confirm password" error={mismatch ? PASSWORD_MESSAGES.mismatch : null}>
          <PasswordInput
            id="reset-confirm"
            autoComplete="new-password"
            value={confirm}
            invalid={mismatch}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </Field>
        {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
        <Button type="submit" size="lg" disabled={!canSubmit}>
          {saving ? "Saving..." : "Reset password"}
        </Button>
      </form>
    </AuthShell>
  );
}
