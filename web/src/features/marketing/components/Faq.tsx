// FAQ list on Radix Collapsible: each question expands its answer in place.
import * as C from "@radix-ui/react-collapsible";
import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";

export type FaqItem = { q: string; a: ReactNode };

export function Faq({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface">
      {items.map((item) => (
        <C.Root key={item.q} className="group">
          <C.Trigger className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-[15px] font-medium hover:bg-white/[0.02]">
            {item.q}
            <ChevronDown className="size-4 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180" aria-hidden />
          </C.Trigger>
          <C.Content className="px-5 pb-5 text-sm leading-relaxed text-muted">{item.a}</C.Content>
        </C.Root>
      ))}
    </div>
  );
}
