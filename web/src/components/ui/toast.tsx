// Toast UI on Radix Toast (limit 1, 5 s, swipe 50 px, hotkey F8) and the `toast()` API used across the app.
import * as T from "@radix-ui/react-toast";
import { CheckCircle2, Info, X, XCircle } from "lucide-react";
import { useAtomValue } from "@web/lib/store";
import { cn } from "./cn";
import { handEscapeToDialog } from "./escape-through-toasts";
import { dismissToast, TOAST_DURATION, toastsAtom } from "./toast-store";

export { toast, dismissToast, type ToastInput, type ToastVariant } from "./toast-store";

export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <T.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => {
        const Icon = t.variant === "destructive" ? XCircle : t.variant === "success" ? CheckCircle2 : Info;
        return (
          <T.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(t.id);
            }}
            onEscapeKeyDown={handEscapeToDialog}
            className={cn(
              "pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border bg-surface-2/95 p-4 pr-10 shadow-2xl backdrop-blur",
              t.variant === "destructive" ? "border-negative/40" : t.variant === "success" ? "border-accent/40" : "border-line-strong",
            )}
          >
            <Icon
              className={cn(
                "mt-0.5 size-5 shrink-0",
                t.variant === "destructive" ? "text-negative" : t.variant === "success" ? "text-accent" : "text-sky-400",
              )}
            />
            <div className="min-w-0">
              <T.Title className="text-sm font-semibold">{t.title}</T.Title>
              {t.description ? <T.Description className="mt-0.5 text-sm text-muted">{t.description}</T.Description> : null}
              {t.action ? (
                <T.Action
                  altText={t.action.label}
                  onClick={t.action.onClick}
                  className="mt-2 text-sm font-semibold text-accent-strong hover:underline"
                >
                  {t.action.label}
                </T.Action>
              ) : null}
            </div>
            <T.Close aria-label="Dismiss" className="absolute right-2.5 top-2.5 rounded-md p-1 text-muted hover:bg-white/5 hover:text-ink">
              <X className="size-4" />
            </T.Close>
          </T.Root>
        );
      })}
      <T.Viewport
        data-toast-viewport=""
        hotkey={["F8"]}
        className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </T.Provider>
  );
}
