// Dialog wrapper on Radix: modal with title/description, and a right-hand slide-in Sheet for the mobile menu.
import * as D from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";
import { EscapeThroughToasts } from "./escape-through-toasts";

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

const overlay = "fixed inset-0 z-50 bg-black/70 backdrop-blur-[2px]";

export function DialogContent(props: { title: string; description?: string; children?: ReactNode; className?: string }) {
  return (
    <D.Portal>
      <D.Overlay className={overlay} />
      <D.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2",
          "rounded-xl border border-line-strong bg-surface p-6 shadow-2xl",
          props.className,
        )}
      >
        <D.Title className="text-base font-semibold">{props.title}</D.Title>
        {props.description ? <D.Description className="mt-1.5 text-sm text-muted">{props.description}</D.Description> : null}
        <div className="mt-4">{props.children}</div>
        <EscapeThroughToasts />
        <D.Close aria-label="Close" className="absolute right-3 top-3 rounded-md p-1.5 text-muted hover:bg-white/5 hover:text-ink">
          <X className="size-4" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}

export function SheetContent(props: { title: string; children?: ReactNode; className?: string }) {
  return (
    <D.Portal>
      <D.Overlay className={overlay} />
      <D.Content
        aria-describedby={undefined}
        className={cn(
          "panel-slide fixed inset-y-0 right-0 z-50 flex w-[min(20rem,86vw)] flex-col border-l border-line-strong bg-surface shadow-2xl",
          props.className,
        )}
      >
        <div className="flex h-14 items-center justify-between border-b border-line px-4">
          <D.Title className="text-sm font-semibold">{props.title}</D.Title>
          <D.Close aria-label="Close menu" className="rounded-md p-1.5 text-muted hover:bg-white/5 hover:text-ink">
            <X className="size-5" />
          </D.Close>
        </div>
        {props.children}
        <EscapeThroughToasts />
      </D.Content>
    </D.Portal>
  );
}
