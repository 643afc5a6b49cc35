// A card whose body folds away (Radix Collapsible), used by the profile sections.
import { useState, type ReactNode } from "react";
import * as C from "@radix-ui/react-collapsible";
import { ChevronDown } from "lucide-react";
import { Card } from "@web/components/ui/Card";

export function CollapsibleCard(props: { title: string; icon?: ReactNode; defaultOpen?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(props.defaultOpen ?? false);
  return (
    <Card>
      <C.Root open={open} onOpenChange={setOpen}>
        <C.Trigger className="flex w-full items-center justify-between gap-3 px-5 py-4 text-left">
          <span className="flex items-center gap-2.5 text-sm font-semibold">
            {props.icon}
            {props.title}
          </span>
          <ChevronDown className={`size-4 text-muted transition-transform ${open ? "rotate-180" : ""}`} />
        </C.Trigger>
        <C.Content className="border-t border-line px-5 py-4">{props.children}</C.Content>
      </C.Root>
    </Card>
  );
}
