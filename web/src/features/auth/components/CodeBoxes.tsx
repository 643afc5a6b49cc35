// Six single-digit boxes for the device code: typing advances, Backspace goes back, pasting fills all six.
import { useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import { CODE_LENGTH } from "../model/sign-in";

export function CodeBoxes({ value, onChange, disabled }: { value: string; onChange: (v: string) => void; disabled?: boolean }) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const digits = Array.from({ length: CODE_LENGTH }, (_, i) => value[i] ?? "");

  const setAt = (i: number, d: string) => {
    const next = digits.slice();
    next[i] = d;
    onChange(next.join("").slice(0, CODE_LENGTH));
  };

  const onInput = (i: number, raw: string) => {
    const only = raw.replace(/\D/g, "");
    if (!only) return setAt(i, "");
    if (only.length > 1) return fill(i, only);
    setAt(i, only);
    if (i < CODE_LENGTH - 1) refs.current[i + 1]?.focus();
  };

  const fill = (from: number, text: string) => {
    const next = digits.slice();
    for (let k = 0; k < text.length && from + k < CODE_LENGTH; k++) next[from + k] = text[k];
    onChange(next.join(""));
    refs.current[Math.min(from + text.length, CODE_LENGTH - 1)]?.focus();
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData("text").replace(/\D/g, "");
    if (!text) return;
    e.preventDefault();
    fill(text.length >= CODE_LENGTH ? 0 : i, text.slice(0, CODE_LENGTH));
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Backspace" && !digits[i] && i > 0) refs.current[i - 1]?.focus();
    if (e.key === "ArrowLeft" && i > 0) refs.current[i - 1]?.focus();
    if (e.key === "ArrowRight" && i < CODE_LENGTH - 1) refs.current[i + 1]?.focus();
  };

  return (
    <fieldset className="m-0 flex min-w-0 justify-between gap-2 border-0 p-0" aria-label="6-digit code">
      {digits.map((d, i) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: six fixed positions; a box is its position
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          value={d}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={i === 0 ? "one-time-code" : "off"}
          aria-label={`Digit ${i + 1}`}
          maxLength={CODE_LENGTH}
          onChange={(e) => onInput(i, e.target.value)}
          onPaste={(e) => onPaste(i, e)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onFocus={(e) => e.target.select()}
          className="h-12 w-11 rounded-lg border border-line-strong bg-bg/60 text-center text-lg font-semibold tabular-nums text-ink focus:border-accent/70 focus:outline-none focus:ring-2 focus:ring-accent/20 sm:w-12"
        />
      ))}
    </fieldset>
  );
}
