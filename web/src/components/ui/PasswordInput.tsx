// Password input with a Show/Hide toggle, and the strength meter of spec 01 §5 (rules in core/accounts).
import { forwardRef, useState, type InputHTMLAttributes } from "react";
import { Eye, EyeOff } from "lucide-react";
import { passwordStrength } from "@core/rules/accounts";
import { Input } from "./Input";
import { cn } from "./cn";

export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { invalid?: boolean }>(
  function PasswordInput({ className, ...props }, ref) {
    const [shown, setShown] = useState(false);
    return (
      <div className="relative">
        <Input ref={ref} type={shown ? "text" : "password"} className={cn("pr-16", className)} {...props} />
        <button
          type="button"
          onClick={() => setShown((v) => !v)}
          aria-label={shown ? "Hide password" : "Show password"}
          className="absolute inset-y-0 right-0 flex items-center gap-1 px-3 text-xs font-medium text-muted hover:text-ink"
        >
          {shown ? <EyeOff className="size-3.5" /> : <Eye className="size-3.5" />}
          {shown ? "Hide" : "Show"}
        </button>
      </div>
    );
  },
);

const TONE = { Weak: "bg-negative", Medium: "bg-warn", Strong: "bg-accent" } as const;
const WIDTH = { Weak: "w-1/3", Medium: "w-2/3", Strong: "w-full" } as const;

export function PasswordStrength({ password, lowercaseOrUnderscore }: { password: string; lowercaseOrUnderscore?: boolean }) {
  if (!password) return null;
  const { label, showVarietyHint } = passwordStrength(password, { lowercaseOrUnderscore });
  return (
    <div className="flex flex-col gap-1" aria-live="polite">
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-surface-2">
        <div className={cn("h-full rounded-full transition-all", TONE[label], WIDTH[label])} />
      </div>
      <p className="text-xs text-muted">
        Strength: <span className="font-semibold text-ink">{label}</span>
        {showVarietyHint ? " · Add numbers or symbols to make it stronger." : ""}
      </p>
    </div>
  );
}
