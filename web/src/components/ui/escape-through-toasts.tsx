// Escape closes the open dialog even while a toast shows: a toast is the top dismissable layer while it is up, so
// without this hand-over a trader's Escape in an open drawer only dismissed the announcement that had just arrived.
import * as D from "@radix-ui/react-dialog";
import { useEffect, useRef } from "react";

/** The toast viewport's mark (toast.tsx): an Escape pressed inside a toast (reached with F8) still dismisses that toast. */
const TOAST_VIEWPORT_ATTR = "data-toast-viewport";

const handedOver = new WeakSet<Event>();

/**
 * A toast's Escape handler: when focus is outside the toasts and a dialog is open, the key belongs to the dialog.
 * The toast then stays for the rest of its 5 s and the dialog's EscapeThroughToasts closes it.
 */
export function handEscapeToDialog(event: KeyboardEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(`[${TOAST_VIEWPORT_ATTR}]`)) return;
  if (!document.querySelector('[role="dialog"][data-state="open"]')) return;
  event.preventDefault();
  handedOver.add(event);
}

/** Rendered inside a dialog's content: closes it on an Escape a toast handed over (the toast's handler runs first, in capture). */
export function EscapeThroughToasts() {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (handedOver.has(e)) close.current?.click();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return <D.Close ref={close} hidden tabIndex={-1} aria-hidden />;
}
