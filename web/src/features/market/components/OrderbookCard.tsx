// Order-book card for one pair: spread to 6 decimals, buy/sell imbalance and the execution note; marks modelled books.
import { Badge } from "@web/components/ui/Badge";
import { useOrderbook } from "../api/orderbook";
import { Metric, Tile, Unavailable } from "./panel-bits";

export function OrderbookCard({ symbol }: { symbol: string }) {
  const { data, isPending } = useOrderbook(symbol);
  const buy = data?.buyPercent ?? null;
  const sell = data?.sellPercent ?? null;
  return (
    <Tile
      title={`${symbol.replace(/USDT$/, "")} Order Book`}
      testId={`orderbook-${symbol}`}
      right={data?.derived ? <Badge title={data.basis ?? "Modelled from candles, not a recorded order book"}>Derived</Badge> : null}
    >
      {!data ? (
        <Unavailable loading={isPending} />
      ) : (
        <>
          <Metric label="Spread" value={data.spreadPercent === null ? "—" : `${data.spreadPercent.toFixed(6)}%`} />
          <div className="mt-3 flex items-center justify-between text-xs">
            <span className="num font-mono text-accent-strong">Buy {buy === null ? "—" : `${buy.toFixed(1)}%`}</span>
            <span className="num font-mono text-rose-400">Sell {sell === null ? "—" : `${sell.toFixed(1)}%`}</span>
          </div>
          <div className="mt-1.5 flex h-1.5 overflow-hidden rounded-full bg-white/5" aria-hidden>
            <div className="h-full bg-accent" style={{ width: `${buy ?? 0}%` }} />
            <div className="h-full bg-negative" style={{ width: `${sell ?? 0}%` }} />
          </div>
          {data.execution ? <p className="mt-3 text-[11px] leading-snug text-muted">{data.execution}</p> : null}
        </>
      )}
    </Tile>
  );
}
