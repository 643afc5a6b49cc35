// The sizer's two inputs (account size in USDT, risk per trade in %) with their errors and whether they were saved.
import { useId } from "react";
import { cn } from "@web/components/ui/cn";
import { Input } from "@web/components/ui/Input";
import type { SizerInputs } from "../hooks/use-sizer-inputs";

const STATE_TEXT = { idle: "", saving: "Saving…", saved: "Saved to your account", error: "" } as const;

function NumberField(props: {
  id: string;
  label: string;
  unit: string;
  value: string;
  error: string | null;
  onChange: (v: string) => void;
  placeholder?: string;
}) {
  const { id, label, unit, value, error } = props;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="text-[11px] font-medium text-muted">
        {label}
      </label>
      <div className="relative mt-1">
        <Input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          placeholder={props.placeholder}
          invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => props.onChange(e.target.value)}
          className="num h-9 pr-12 font-mono"
        />
        <span className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-[11px] text-faint">{unit}</span>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-[11px] text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SizerFields({ inputs }: { inputs: SizerInputs }) {
  const id = useId();
  return (
    <div>
      <div className="grid grid-cols-2 gap-2">
        <NumberField
          id={`${id}-account`}
          label="Account size"
          unit="USDT"
          value={inputs.account}
          error={inputs.accountError}
          onChange={inputs.setAccount}
          placeholder="e.g. 10,000"
        />
        <NumberField id={`${id}-risk`} label="Risk per trade" unit="%" value={inputs.risk} error={inputs.riskError} onChange={inputs.setRisk} />
      </div>
      <p
        data-testid="sizer-save-state"
        aria-live="polite"
        className={cn("mt-1 h-4 text-[11px]", inputs.state === "error" ? "text-rose-300" : "text-faint")}
      >
        {inputs.state === "error" ? `Not saved: ${inputs.saveError}` : STATE_TEXT[inputs.state]}
      </p>
    </div>
  );
}
