// Sign In (spec 01 §2, §4, §5, §8): credentials, Remember Me and the new-device code panel; the flow is useSignIn.
import { Link } from "react-router";
import { Button } from "@web/components/ui/Button";
import { Checkbox } from "@web/components/ui/Checkbox";
import { Field } from "@web/components/ui/Field";
import { Input } from "@web/components/ui/Input";
import { PasswordInput } from "@web/components/ui/PasswordInput";
import { usePageTitle } from "@web/lib/use-page-title";
import { useRegisteredNotice, useResetNotice } from "../hooks/use-registered-notice";
import { useSignIn } from "../hooks/use-sign-in";
import { AuthShell, Notice } from "./AuthShell";
import { DeviceCodePanel } from "./DeviceCodePanel";

export function LoginPage() {
  usePageTitle("Sign In");
  const registered = useRegisteredNotice();
  const reset = useResetNotice();
  const { form, mode, busy, error, onSubmit, ...device } = useSignIn();

  return (
    <AuthShell
      title="Sign In"
      subtitle="Welcome back. Sign in to generate AI trading signals."
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link to="/register" className="font-medium text-accent-strong hover:underline">
            Create one
          </Link>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {registered ? <Notice tone="success">You have successfully registered</Notice> : null}
        {reset ? <Notice tone="success">Password reset successful</Notice> : null}
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <Field id="login-email" label="Email">
            <Input
              id="login-email"
              type="email"
              autoComplete="email"
              value={form.email}
              placeholder="you@example.com"
              onChange={(e) => form.onEmailChange(e.target.value)}
            />
          </Field>
          <Field id="login-password" label="Password">
            <PasswordInput
              id="login-password"
              autoComplete="current-password"
              value={form.password}
              onChange={(e) => form.setPassword(e.target.value)}
            />
          </Field>
          <div className="flex items-center justify-between gap-3">
            <Checkbox id="remember-me" checked={form.rememberMe} onCheckedChange={form.setRememberMe} label="Remember Me" />
            <Link to="/forgot-password" className="text-sm text-accent-strong hover:underline">
              Forgot password?
            </Link>
          </div>
          {error && mode === "login" ? <Notice tone="error">{error}</Notice> : null}
          {mode === "login" ? (
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? "Signing in..." : "Sign In"}
            </Button>
          ) : null}
        </form>
        {mode === "otp" ? <DeviceCodePanel email={form.email} busy={busy} error={error} {...device} /> : null}
      </div>
    </AuthShell>
  );
}
