// Telegram: link a chat through the bot's deep link (/start <token>), show the linked chat, unlink.
import { useState } from "react";
import { Link2, Send, Unlink } from "lucide-react";
import { Button, buttonClass } from "@web/components/ui/Button";
import { Spinner } from "@web/components/ui/Spinner";
import { toast } from "@web/components/ui/toast";
import { serverMessage } from "@web/lib/api";
import { useLinkTelegram, useTelegram, useUnlinkTelegram, type TelegramLink, type TelegramStatus } from "../api/telegram";
import { CollapsibleCard } from "./Collapsible";

const chatName = (chat: NonNullable<TelegramStatus["chat"]>) => (chat.username ? `@${chat.username}` : (chat.first_name ?? "your Telegram chat"));

export function TelegramCard() {
  const [pending, setPending] = useState<TelegramLink | null>(null);
  const status = useTelegram(pending !== null);
  const link = useLinkTelegram();
  const unlink = useUnlinkTelegram();
  const data = status.data;
  // Once the bot has bound the chat the waiting state ends by itself.
  const waiting = pending !== null && !data?.linked;

  const start = async () => {
    try {
      const res = await link.mutateAsync();
      setPending(res);
      window.open(res.url, "_blank", "noopener");
    } catch (err) {
      toast({ title: "Could not start linking", description: serverMessage(err) ?? "Please try again.", variant: "destructive" });
    }
  };
  const stop = () => {
    setPending(null);
    unlink.mutateAsync().catch(() => toast({ title: "Could not unlink Telegram", description: "Please try again.", variant: "destructive" }));
  };

  // A server without a bot offers no Telegram: no card (and no row in the alerts grid) rather than a dead end.
  if (data && !data.configured) return null;
  return (
    <CollapsibleCard title="Telegram" icon={<Send className="size-4 text-accent" />} defaultOpen>
      {status.isPending ? (
        <Spinner label="Loading..." />
      ) : status.isError || !data ? (
        <p className="text-sm text-negative">Failed to load the Telegram status.</p>
      ) : data.linked && data.chat ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-sm font-medium">Alerts go to {chatName(data.chat)}</p>
            <p className="text-xs text-muted">
              Linked {new Date(data.chat.linked_at).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" })}
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={stop} disabled={unlink.isPending}>
            <Unlink className="size-3.5" />
            Unlink
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">
            Get your signal alerts (new signal, take profit, stop loss, expiry, with R) from @{data.bot_username}. Press Link, then Start in Telegram.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Button onClick={start} disabled={link.isPending}>
              <Link2 className="size-4" />
              {waiting ? "New link" : "Link Telegram"}
            </Button>
            {waiting ? (
              <a className={buttonClass("secondary")} href={pending.url} target="_blank" rel="noopener noreferrer">
                Open Telegram
              </a>
            ) : null}
          </div>
          {waiting ? <p className="text-xs text-faint">Waiting for Start in Telegram… the link works once, for 10 minutes.</p> : null}
        </div>
      )}
    </CollapsibleCard>
  );
}
