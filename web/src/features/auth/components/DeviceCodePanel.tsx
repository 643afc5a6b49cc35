// The sign-in page's new-device panel: six code boxes, Verify, Resend with its countdown, and Back.
import { Button } from "@web/components/ui/Button";
import { mmss } from "../hooks/use-countdown";
import { isFullCode } from "../model/sign-in";
import { Notice } from "./AuthShell";
import { CodeBoxes } from "./CodeBoxes";

type Props = {
  email: string;
  code: string;
  busy: boolean;
  error: string | null;
  info: string | null;
  resendIn: number;
  setCode: (code: string) => void;
  onVerify: () => void;
  onResend: () => void;
  onBack: () => void;
};

export function DeviceCodePanel(p: Props) {
  return (
    <section className="flex flex-col gap-4 rounded-xl border border-line-strong bg-surface-2 p-4" aria-label="Device verification">
      <div>
        <h2 className="text-base font-semibold">Verify this device</h2>
        <p className="mt-1 text-sm text-muted">Enter the 6-digit code sent to {p.email.trim() || "your e-mail"}.</p>
      </div>
      {p.info ? <Notice tone="info">{p.info}</Notice> : null}
      <CodeBoxes value={p.code} onChange={p.setCode} disabled={p.busy} />
      {p.error ? <Notice tone="error">{p.error}</Notice> : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={p.onVerify} disabled={p.busy || !isFullCode(p.code)} className="flex-1">
          {p.busy ? "Verifying..." : "Verify"}
        </Button>
        <Button variant="secondary" onClick={p.onResend} disabled={p.resendIn > 0}>
          {p.resendIn > 0 ? `Resend in ${mmss(p.resendIn)}` : "Resend"}
        </Button>
        <Button variant="ghost" onClick={p.onBack}>
          Back
        </Button>
      </div>
    </section>
  );
}
