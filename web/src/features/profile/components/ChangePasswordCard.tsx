// Change Password (spec 01 §4, §5, §8): local rules, server mapping, success banner and sign-out after 2 s.
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { KeyRound } from "lucide-react";
import { passwordProblem, passwordStrength, PASSWORD_MESSAGES } from "@core/rules/accounts";
import { Button } from "@web/components/ui/Button";
import { Field } from "@web/components/ui/Field";
import { PasswordInput } from "@web/components/ui/PasswordInput";
import { toast } from "@web/components/ui/toast";
import { ApiError } from "@web/lib/api";
import { errorCodeOf, passwordRule, screenText } from "@web/lib/error-text";
import { useChangePassword } from "../api/profile-api";
import { CollapsibleCard } from "./Collapsible";

/** Branches on the server's code (lib/error-text); a weak password names one of the shared rules, shown in its words. */
export function changePasswordErrorText(err: unknown): string {
  const rule = passwordRule(err);
  return screenText(errorCodeOf(err), "changePassword") ?? (rule ? PASSWORD_MESSAGES[rule] : "Failed to update password. Please try again.");
}

export function ChangePasswordCard({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const navigate = useNavigate();
  const mutation = useChangePassword();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);

  useEffect(() => {
    if (!failure) return;
    const id = setTimeout(() => setFailure(null), 5000);
    return () => clearTimeout(id);
  }, [failure]);
  useEffect(() => {
    if (!banner) return;
    const id = setTimeout(() => setBanner(null), 5000);
    return () => clearTimeout(id);
  }, [banner]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const local = !current
      ? "Please fill in all fields"
      : (passwordProblem(next, confirm) ?? (next === current ? PASSWORD_MESSAGES.sameAsCurrent : null));
    if (local) return setFailure(local);
    try {
      await mutation.mutateAsync({ current_password: current, new_password: next, confirm_new_password: confirm });
      setCurrent("");
      setNext("");
      setConfirm("");
      setBanner("Password has been successfully changed.");
      toast({ title: "Password Updated Successfully", description: "Your password has been successfully changed.", variant: "success" });
      setTimeout(() => {
        toast({ title: "Please sign in again", description: "Use your new password to sign in." });
        void onSignOut();
      }, 2000);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        toast({ title: "Session Expired", description: "Please sign in again to change your password.", variant: "destructive" });
        setTimeout(() => navigate("/login", { replace: true }), 500);
        return;
      }
      setFailure(changePasswordErrorText(err));
    }
  };

  const strength = next ? passwordStrength(next) : null;
  return (
    <CollapsibleCard title="Change Password" icon={<KeyRound className="size-4 text-accent" />}>
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <Field id="cp-current" label="Current password">
          <PasswordInput id="cp-current" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        </Field>
        <Field id="cp-new" label="New password" hint={strength ? `Strength: ${strength.label}` : undefined}>
          <PasswordInput id="cp-new" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
        </Field>
        <Field id="cp-confirm" label="Confirm new password">
          <PasswordInput id="cp-confirm" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </Field>
        {failure ? (
          <div role="alert" className="rounded-lg border border-negative/40 bg-negative/10 px-3 py-2.5 text-sm text-negative">
            <p className="font-semibold">Password Update Failed</p>
            <p>{failure}</p>
          </div>
        ) : null}
        {banner ? (
          <div role="status" className="rounded-lg border border-accent/40 bg-accent/10 px-3 py-2.5 text-sm text-accent-strong">
            {banner}
          </div>
        ) : null}
        <Button type="submit" disabled={mutation.isPending} className="self-start">
          {mutation.isPending ? "Updating..." : "Update Password"}
        </Button>
      </form>
    </CollapsibleCard>
  );
}
