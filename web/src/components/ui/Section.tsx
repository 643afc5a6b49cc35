// Page building blocks for marketing pages: hero header and section headings with consistent spacing.
import type { ReactNode } from "react";
import { cn } from "@web/components/ui/cn";

export function PageHero(props: { eyebrow?: string; title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden border-b border-line">
      <div className="bg-grid absolute inset-0 [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]" aria-hidden />
      <div className="relative mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
        {props.eyebrow ? <p className="text-xs font-semibold uppercase tracking-[0.18em] text-accent">{props.eyebrow}</p> : null}
        <h1 className="mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-5xl">{props.title}</h1>
        {props.lead ? <p className="mx-auto mt-4 max-w-2xl text-base leading-relaxed text-muted text-pretty sm:text-lg">{props.lead}</p> : null}
        {props.children}
      </div>
    </section>
  );
}

export function Section({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <section id={id} className={cn("mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20", className)}>
      {children}
    </section>
  );
}

export function SectionHeading(props: { eyebrow?: string; title: string; lead?: ReactNode; align?: "left" | "center" }) {
  const center = props.align !== "left";
  return (
    <div className={cn("max-w-2xl", center && "mx-auto text-center")}>
      {props.eyebrow ? <p className="text-xs font-semibold uppercase tracking-[0.18em] text-accent">{props.eyebrow}</p> : null}
      <h2 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">{props.title}</h2>
      {props.lead ? <p className="mt-3 text-muted leading-relaxed">{props.lead}</p> : null}
    </div>
  );
}
