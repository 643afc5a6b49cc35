// The channel × stage grid of toggles; each change is saved at once (only the changed cell is sent).
import type { AlertKind } from "@core/alerts/alerts";
import { toast } from "@web/components/ui/toast";
import { useSavePreferences } from "../api/preferences";
import { canDeliver, channelLabel, isEnabled, type Preferences, SETUP_HINTS, STAGE_LABELS } from "../model/alerts";

/** Column heads on a phone, where the full stage names do not fit four abreast. */
const SHORT_LABELS: Record<AlertKind, string> = { ISSUED: "Issued", TP_HIT: "TP hit", SL_HIT: "SL hit", EXPIRED: "Expired" };

export function PreferencesGrid({ prefs }: { prefs: Preferences }) {
  const save = useSavePreferences();
  const toggle = (channel: string, kind: AlertKind, enabled: boolean) =>
    save.mutate([{ channel, kind, enabled }], {
      onError: () => toast({ title: "Alert settings not saved", description: "Please try again.", variant: "destructive" }),
    });
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-[11px] uppercase tracking-wide text-faint">
            <th scope="col" className="py-2 pr-3 font-medium">
              Channel
            </th>
            {prefs.kinds.map((k) => (
              <th key={k} scope="col" className="px-1 py-2 text-center font-medium sm:px-2">
                <span className="hidden sm:inline">{STAGE_LABELS[k]}</span>
                <span className="sm:hidden">{SHORT_LABELS[k]}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {prefs.channels.map((c) => {
            // A channel with nowhere to deliver yet shows off and locked, with what it needs.
            const ready = canDeliver(prefs, c);
            return (
              <tr key={c}>
                <th scope="row" className="py-2.5 pr-3 text-left font-medium text-ink">
                  {channelLabel(c)}
                  {ready ? null : <span className="block text-[11px] font-normal text-faint">{SETUP_HINTS[c] ?? "Not set up"}</span>}
                </th>
                {prefs.kinds.map((k) => (
                  <td key={k} className="px-2 py-2.5 text-center">
                    <input
                      type="checkbox"
                      aria-label={`${channelLabel(c)}: ${STAGE_LABELS[k]}`}
                      checked={ready && isEnabled(prefs, c, k)}
                      disabled={!ready}
                      onChange={(e) => toggle(c, k, e.currentTarget.checked)}
                      className="size-4 cursor-pointer accent-emerald-500 disabled:cursor-not-allowed disabled:opacity-40"
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
