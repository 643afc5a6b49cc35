// Reads an "alert" socket push (server/src/modules/alerts/in-app.ts); anything else on the socket is not ours.
import type { AlertKind } from "@core/alerts";
import { isObj, str } from "@web/lib/read";

export type AlertPush = { kind: AlertKind; title: string; detail: string };

/** `raw`: the socket's text, or the message already parsed (the shared socket hands its holders objects). */
export function readAlertPush(raw: unknown): AlertPush | null {
  let msg: unknown = raw;
  if (typeof raw === "string") {
    try {
      msg = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!isObj(msg) || msg.type !== "alert" || !isObj(msg.data)) return null;
  const title = str(msg.data, "title");
  const kind = str(msg.data, "kind") as AlertKind | null;
  return title && kind ? { kind, title, detail: str(msg.data, "detail") ?? "" } : null;
}
