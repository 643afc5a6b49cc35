// Parts of the registration form: the e-mail with its code step, and the three acknowledgements.
import { Link } from "react-router";
import { Button } from "@web/components/ui/Button";
import { Checkbox } from "@web/components/ui/Checkbox";
import { Field } from "@web/components/ui/Field";
import { Input } from "@web/components/ui/Input";
import { mmss } from "../hooks/use-countdown";
import type { useRegistration } from "../hooks/use-registration";

type Registration = ReturnType<typeof useRegistration>;

export function EmailVerificationFields({ v, busy }: { v: Registration["verification"]; busy: Registration["busy"] }) {
  const verified = v.sessionToken !== null;
  return (
    <>
      <Field id="reg-email" label="Email">
        <div className="flex gap-2">
          <Input
            id="reg-email"
            type="email"
            autoComplete="email"
            value={v.email}
            onChange={(e) => v.onEmailChange(e.target.value)}
            placeholder="you@example.com"
          />
          <Button variant="secondary" onClick={v.onSendCode} disabled={busy !== null || v.resendIn > 0 || verified}>
            {busy === "send" ? "Sending..." : v.resendIn > 0 ? `Resend in ${mmss(v.resendIn)}` : v.codeSent ? "Resend code" : "Send code"}
          </Button>
        </div>
      </Field>
      {v.codeSent && !verified ? (
        <Field id="reg-code" label="Verification code">
          <div className="flex gap-2">
            <Input
              id="reg-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={v.code}
              onChange={(e) => v.setCode(e.target.value)}
              placeholder="6-digit code"
            />
            <Button variant="secondary" onClick={v.onVerify} disabled={busy !== null || v.code.length !== 6}>
              {busy === "verify" ? "Verifying..." : "Verify"}
            </Button>
          </div>
        </Field>
      ) : null}
    </>
  );
}

const link = (to: string, text: string) => (
  <Link to={to} target="_blank" className="font-medium text-accent-strong hover:underline">
    {text}
  </Link>
);

export function Acknowledgements({ draft, set }: Pick<Registration, "draft" | "set">) {
  return (
    <div className="flex flex-col gap-2.5">
      <Checkbox
        id="ack-terms"
        checked={draft.acceptedTermsOfUse}
        onCheckedChange={(c) => set("acceptedTermsOfUse", c)}
        label={<>I agree to the {link("/terms", "Terms of Use")}</>}
      />
      <Checkbox
        id="ack-privacy"
        checked={draft.acceptedPrivacyPolicy}
        onCheckedChange={(c) => set("acceptedPrivacyPolicy", c)}
        label={<>I agree to the {link("/privacy", "Privacy Policy")}</>}
      />
      <Checkbox
        id="ack-risk"
        checked={draft.acceptedRiskDisclosure}
        onCheckedChange={(c) => set("acceptedRiskDisclosure", c)}
        label={<>I have read the {link("/risk", "Risk Disclosure")} and I am 18 or older</>}
      />
    </div>
  );
}
