// "Enable push on this device": registers the service worker (/sw.js), asks for the notification permission,
// subscribes with the server's VAPID key and saves the subscription; "Turn off" undoes it.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { toast } from "@web/components/ui/toast";
import { alertKeys } from "../api/keys";
import { deletePushSubscription, type PushSubscriptionJson, savePushSubscription } from "../api/push-subscription";
import type { Preferences } from "../model/alerts";

export type PushState = "unsupported" | "denied" | "off" | "on" | "working";

const supported = () => typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The VAPID key as PushManager wants it: base64url text to bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration("/");
  return (await reg?.pushManager.getSubscription()) ?? null;
}

export function usePushDevice(publicKey: string | undefined) {
  const qc = useQueryClient();
  const [state, setState] = useState<PushState>(() => (!supported() ? "unsupported" : Notification.permission === "denied" ? "denied" : "off"));

  useEffect(() => {
    if (!supported()) return;
    void currentSubscription().then((s) => s && setState("on"));
  }, []);

  const saved = useCallback((prefs: Preferences) => qc.setQueryData(alertKeys.preferences(), prefs), [qc]);

  const enable = useCallback(async () => {
    if (!publicKey || !supported()) return;
    setState("working");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      const sub =
        (await reg.pushManager.getSubscription()) ??
        (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      saved(await savePushSubscription(sub.toJSON() as PushSubscriptionJson));
      setState("on");
      toast({ title: "Push alerts on", description: "This device will show your signal alerts.", variant: "success" });
    } catch (err) {
      setState("off");
      toast({ title: "Push could not be enabled", description: err instanceof Error ? err.message : String(err), variant: "destructive" });
    }
  }, [publicKey, saved]);

  const disable = useCallback(async () => {
    setState("working");
    try {
      const sub = await currentSubscription();
      if (sub) {
        saved(await deletePushSubscription(sub.endpoint));
        await sub.unsubscribe();
      }
    } finally {
      setState("off");
    }
  }, [saved]);

  return { state, enable, disable };
}
