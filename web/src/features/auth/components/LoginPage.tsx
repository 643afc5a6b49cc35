// Sign In (spec 01 §2, §4, §5, §8): credentials, Remember Me, cross-tab lock, and the new-device code panel.
import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/Button";
import { Checkbox } from "@web/components/ui/Checkbox";
import { Field } from "@web/components/ui/Field";
import { Input } from "@web/components/ui/Input";
import { PasswordInput } from "@web/components/ui/PasswordInput";
import { toast } from "@web/components/ui/toast";
import { setAccessToken, setSessionId } from "@web/lib/session";
import { usePageTitle } from "@web/lib/use-page-title";
import { ApiError } from "@web/lib/api";
import { login, pendingFromError, sendDeviceOtp, verifyDeviceOtp, type LoginResult } from "../api/auth-api";
import { deviceCodeErrorText, LOGIN_LOCKED, loginErrorText, MISSING_SESSION_ID, RESEND_FAILED } from "../api/messages";
import { acquireLoginLock, releaseLoginLock } from "../hooks/login-lock";
import { readLocal, REGISTERED_FLAG_KEY, REMEMBER_EMAIL_KEY, writeLocal } from "../hooks/local-flags";
import { mmss, useCountdown } from "../hooks/use-countdown";
import { AuthShell, Notice } from "./AuthShell";
import { CODE_LENGTH, CodeBoxes } from "./CodeBoxes";

export const DEVICE_RESEND_SECONDS = 120;
const REGISTERED_BANNER_MS = 2000;

export function LoginPage() {
  usePageTitle("Sign In");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remembered = readLocal(REMEMBER_EMAIL_KEY);
  const [email, setEmail] = useState(remembered ?? "");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(remembered !== null);
  const [mode, setMode] = useState<"login" | "otp">("login");
  const [pendingSessionId, setPendingSessionId] = useState<number | string | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [registered, setRegistered] = useState(() => readLocal(REGISTERED_FLAG_KEY) !== null);
  const resend = useCountdown();

  // Keyed on the state, not the flag, so a re-run of the effect (StrictMode) still schedules the hide.
  useEffect(() => {
    if (!registered) return;
    writeLocal(REGISTERED_FLAG_KEY, null);
    const id = setTimeout(() => setRegistered(false), REGISTERED_BANNER_MS);
    return () => clearTimeout(id);
  }, [registered]);

  const finish = async (result: LoginResult) => {
    setAccessToken(result.access_token);
    setSessionId(result.session_id);
    await queryClient.invalidateQueries({ queryKey: ["/api/user/profile"] });
    navigate("/dashboard", { replace: true });
  };

  const leaveOtp = () => {
    setMode("login");
    setCode("");
    setPendingSessionId(null);
    resend.reset();
    setInfo(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      toast({ title: "Missing Information", description: "Please fill in all fields", variant: "destructive" });
      return;
    }
    if (!acquireLoginLock("login")) {
      setError(LOGIN_LOCKED);
      return;
    }
    setBusy(true);
    try {
      writeLocal(REMEMBER_EMAIL_KEY, rememberMe ? email.trim() : null);
      await finish(await login({ email, password, rememberMe }));
    } catch (err) {
      const pending = pendingFromError(err);
      if (pending) {
        setPendingSessionId(pending.sessionId);
        setSessionId(pending.sessionId);
        setMode("otp");
        setCode("");
        resend.start(DEVICE_RESEND_SECONDS);
        setInfo("We sent a 6-digit code to your e-mail to confirm this new device.");
      } else {
        setError(loginErrorText(err));
      }
    } finally {
      releaseLoginLock();
      setBusy(false);
    }
  };

  const onVerify = async () => {
    setError(null);
    if (pendingSessionId === null) {
      setError(MISSING_SESSION_ID);
      return;
    }
    if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)) {
      setError("Please check the 6 digits and try again.");
      return;
    }
    setBusy(true);
    try {
      await finish(await verifyDeviceOtp(pendingSessionId, code));
    } catch (err) {
      // Spec 01 §4: a 401 that still carries an access token counts as success.
      const body = err instanceof ApiError && err.status === 401 ? (err.json as Partial<LoginResult> | undefined) : undefined;
      if (body && typeof body.access_token === "string") {
        await finish({ access_token: body.access_token, session_id: body.session_id ?? Number(pendingSessionId), session_status: "active", requires_otp: false });
      } else {
        setError(deviceCodeErrorText(err));
      }
    } finally {
      setBusy(false);
    }
  };

  const onResend = async () => {
    if (pendingSessionId === null) {
      setError(MISSING_SESSION_ID);
      return;
    }
    setError(null);
    try {
      await sendDeviceOtp(pendingSessionId);
      resend.start(DEVICE_RESEND_SECONDS);
      setCode("");
      setInfo("A new code is on its way.");
    } catch (err) {
      const retry = err instanceof ApiError && err.status === 429 ? Number((err.json as { retry_after?: unknown })?.retry_after) : NaN;
      if (Number.isFinite(retry) && retry > 0) resend.start(Math.ceil(retry));
      setError(RESEND_FAILED);
    }
  };

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
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <Field id="login-email" label="Email">
            <Input
              id="login-email"
              type="email"
              autoComplete="email"
              value={email}
              placeholder="you@example.com"
              onChange={(e) => {
                setEmail(e.target.value);
                if (mode === "otp") leaveOtp();
              }}
            />
          </Field>
          <Field id="login-password" label="Password">
            <PasswordInput id="login-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <div className="flex items-center justify-between gap-3">
            <Checkbox id="remember-me" checked={rememberMe} onCheckedChange={setRememberMe} label="Remember Me" />
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

        {mode === "otp" ? (
          <div className="flex flex-col gap-4 rounded-xl border border-line-strong bg-surface-2 p-4" aria-label="Device verification">
            <div>
              <h2 className="text-base font-semibold">Verify this device</h2>
              <p className="mt-1 text-sm text-muted">Enter the 6-digit code sent to {email.trim() || "your e-mail"}.</p>
            </div>
            {info ? <Notice tone="info">{info}</Notice> : null}
            <CodeBoxes value={code} onChange={setCode} disabled={busy} />
            {error ? <Notice tone="error">{error}</Notice> : null}
            <div className="flex flex-wrap gap-2">
              <Button onClick={onVerify} disabled={busy || !new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code)} className="flex-1">
                {busy ? "Verifying..." : "Verify"}
              </Button>
              <Button variant="secondary" onClick={onResend} disabled={resend.remaining > 0}>
                {resend.remaining > 0 ? `Resend in ${mmss(resend.remaining)}` : "Resend"}
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  leaveOtp();
                  setError(null);
                }}
              >
                Back
              </Button>
            </div>
          </div>
        ) : null}
      </div>
    </AuthShell>
  );
}
