// Text inputs and textarea with the shared focus/error styling.
import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cn } from "./cn";

const base =
  "w-full rounded-lg border bg-bg/60 px-3 text-sm text-ink placeholder:text-faint transition-colors " +
  "focus:outline-none focus:border-accent/70 focus:ring-2 focus:ring-accent/20 disabled:opacity-60";
const tone = (invalid?: boolean) => (invalid ? "border-negative/70" : "border-line-strong hover:border-faint");

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }>(function Input(
  { className, invalid, ...props },
  ref,
) {
  return <input ref={ref} aria-invalid={invalid || undefined} className={cn(base, "h-10", tone(invalid), className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }>(function Textarea(
  { className, invalid, ...props },
  ref,
) {
  return <textarea ref={ref} aria-invalid={invalid || undefined} className={cn(base, "min-h-32 py-2.5", tone(invalid), className)} {...props} />;
});
