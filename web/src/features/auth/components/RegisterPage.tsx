// Create Account (spec 01 §2, §4, §5, §8): e-mail code, verification, names, password, three acknowledgements; the flow is useRegistration.
import { Link } from "react-router";
import { Button } from "@web/components/ui/Button";
import { Field } from "@web/components/ui/Field";
import { Input } from "@web/components/ui/Input";
import { PasswordInput, PasswordStrength } from "@web/components/ui/PasswordInput";
import { usePageTitle } from "@web/lib/use-page-title";
import { useRegistration } from "../hooks/use-registration";
import { AuthShell, Notice } from "./AuthShell";
import { Acknowledgements, EmailVerificationFields } from "./RegisterFields";

export function RegisterPage() {
  usePageTitle("Create Account");
  const { draft, set, verification, busy, error, done, onCreate } = useRegistration();
  const verified = verification.sessionToken !== null;

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
          <EmailVerificationFields v={verification} busy={busy} />
          {verification.info ? <Notice tone={verified ? "success" : "info"}>{verification.info}</Notice> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="reg-first" label="First name">
              <Input id="reg-first" autoComplete="given-name" value={draft.firstName} onChange={(e) => set("firstName", e.target.value)} />
            </Field>
            <Field id="reg-last" label="Last name">
              <Input id="reg-last" autoComplete="family-name" value={draft.lastName} onChange={(e) => set("lastName", e.target.value)} />
            </Field>
          </div>
          <Field id="reg-password" label="Password">
            <PasswordInput id="reg-password" autoComplete="new-password" value={draft.password} onChange={(e) => set("password", e.target.value)} />
          </Field>
          <PasswordStrength password={draft.password} />
          <Field id="reg-confirm" label="Confirm password">
            <PasswordInput
              id="reg-confirm"
              autoComplete="new-password"
              value={draft.confirmPassword}
              onChange={(e) => set("confirmPassword", e.target.value)}
            />
          </Field>
          <Acknowledgements draft={draft} set={set} />
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
