// Frame shared by the auth screens: centred card with title, subtitle and footer links.
import type { ReactNode } from "react";
import { Card } from "@web/components/ui/Card";

export function AuthShell(props: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode; wide?: boolean }) {
  return (
    <section className="flex justify-center px-4 py-10 sm:py-16">
      <div className={props.wide ? "w-full max-w-xl" : "w-full max-w-md"}>
        <Card className="p-6 sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight">{props.title}</h1>
          {props.subtitle ? <p className="mt-1.5 text-sm text-muted">{props.subtitle}</p> : null}
          <div className="mt-6">{props.children}</div>
        </Card>
        {props.footer ? <div className="mt-5 text-center text-sm text-muted">{props.footer}</div> : null}
      </div>
    </section>
  );
}

export function Notice({ tone, children }: { tone: "error" | "success" | "info"; children: ReactNode }) {
  const cls =
    tone === "error"
      ? "border-negative/40 bg-negative/10 text-negative"
      : tone === "success"
        ? "border-accent/40 bg-accent/10 text-accent-strong"
        : "border-line-strong bg-surface-2 text-muted";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-3 py-2.5 text-sm ${cls}`}>
      {children}
    </div>
  );
}
