// The "Alerts" card of the profile page: which channel tells you about which stage, and push on this device.
import { BellRing } from "lucide-react";
import { Button } from "@web/components/ui/Button";
import { Card, CardBody, CardHeader, CardTitle } from "@web/components/ui/Card";
import { usePreferences } from "../api/preferences";
import { usePushDevice } from "../hooks/use-push-device";
import { PreferencesGrid } from "./PreferencesGrid";

const PUSH_NOTES = {
  unsupported: "This browser cannot receive push alerts.",
  denied: "Notifications are blocked for this site in your browser settings.",
  off: "Get alerts as system notifications on this device, even with the app closed.",
  on: "Push alerts are on for this device.",
  working: "Setting up push…",
} as const;

function PushRow({ publicKey, devices }: { publicKey: string; devices: number }) {
  const push = usePushDevice(publicKey);
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface-2/60 px-4 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-ink">Push on this device</p>
        <p className="text-xs text-muted">
          {PUSH_NOTES[push.state]} {devices ? `${devices} ${devices === 1 ? "device" : "devices"} subscribed.` : ""}
        </p>
      </div>
      {push.state === "on" ? (
        <Button variant="outline" size="sm" onClick={push.disable}>
          Turn off on this device
        </Button>
      ) : (
        <Button size="sm" onClick={push.enable} disabled={push.state !== "off"}>
          Enable push on this device
        </Button>
      )}
    </div>
  );
}

export function AlertsCard() {
  const prefs = usePreferences();
  return (
    <Card id="alerts">
      <CardHeader>
        <CardTitle className="flex items-center gap-2.5">
          <BellRing className="size-4 text-accent" />
          Alerts
        </CardTitle>
      </CardHeader>
      <CardBody>
        <p className="mb-3 text-sm text-muted">Every stage of the signals you bought: issued, take profit, stop loss, expiry.</p>
        {prefs.isError ? <p className="text-sm text-negative">Could not load your alert settings.</p> : null}
        {prefs.data ? (
          <>
            <PreferencesGrid prefs={prefs.data} />
            <PushRow publicKey={prefs.data.push.public_key} devices={prefs.data.push.devices} />
          </>
        ) : null}
      </CardBody>
    </Card>
  );
}
