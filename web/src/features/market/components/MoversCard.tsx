// Market Movers: 24h change of BTC, ETH, SOL, DOGE and XRP with a centred bar showing direction and size.
import { cn } from "@web/components/ui/cn";
import { useMovers } from "../api/movers";
import { Change, Tile } from "./panel-bits";

export function MoversCard() {
  const { data } = useMovers();
  const rows = data ?? [];
  // Bars are scaled to the biggest move on the card so small days stay readable.
  const scale = Math.max(1, ...rows.map((r) => Math.abs(r.change24h ?? 0)));
  return (
    <Tile title="Market Movers · 24h" testId="market-movers">
      <ul className="grid gap-2">
        {rows.map((r) => {
          const pct = ((r.change24h ?? 0) / scale) * 50;
          return (
            <li key={r.symbol} className="grid grid-cols-[3.5rem_1fr_4.5rem] items-center gap-2 text-xs">
              <span className="font-mono font-semibold">{r.symbol.replace(/USDT$/, "")}</span>
              <div className="relative h-1.5 rounded-full bg-white/5" aria-hidden>
                <div className="absolute inset-y-0 left-1/2 w-px bg-line-strong" />
                <div
                  className={cn("absolute inset-y-0 rounded-full", pct >= 0 ? "left-1/2 bg-accent" : "right-1/2 bg-negative")}
                  style={{ width: `${Math.abs(pct)}%` }}
                />
              </div>
              <Change value={r.change24h} className="text-right" />
            </li>
          );
        })}
      </ul>
    </Tile>
  );
}
