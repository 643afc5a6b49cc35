// Button and ButtonLink: one look for actions and navigations (primary = accent, secondary, ghost, danger).
import { forwardRef, type ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";
import { cn } from "./cn";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "outline" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-accent text-[#03140d] hover:bg-accent-strong shadow-[0_0_0_1px_rgb(16_185_129/0.4),0_8px_24px_-8px_rgb(16_185_129/0.5)]",
  secondary: "bg-surface-2 text-ink border border-line-strong hover:border-faint hover:bg-[#182030]",
  outline: "border border-line-strong text-ink hover:border-accent/60 hover:text-accent-strong",
  ghost: "text-muted hover:text-ink hover:bg-white/5",
  // rose-600/700 keep white text at 4.7:1 and more (the brighter negative token is for text and bars).
  danger: "bg-rose-600 text-white hover:bg-rose-700",
};
const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-[13px] gap-1.5",
  md: "h-10 px-4 text-sm gap-2",
  lg: "h-12 px-6 text-[15px] gap-2",
};

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string) {
  return cn(
    "inline-flex items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors",
    "disabled:opacity-50 disabled:pointer-events-none select-none",
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, className, type = "button", ...props }, ref) {
  return <button ref={ref} type={type} className={buttonClass(variant, size, className)} {...props} />;
});

export function ButtonLink({ variant, size, className, ...props }: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
