// BTC / ETH card: price, signed 24h change, support and resistance, momentum (EMA status and RSI) and the risk note.
import { cn } from "@web/components/ui/cn";
import { formatPrice } from "@web/lib/format";
import type { CoreAsset } from "../api/core-assets";
import { Change, Metric, Tile, Unavailable } from "./panel-bits";

const momentumTone = (m: string | null) => (m === "BULLISH" ? "text-accent-strong" : m === "BEARISH" ? "text-rose-400" : "text-muted");
const riskTone = (l: string | null) =>
  l === "HIGH"
    ? "border-negative/30 bg-negative/5 text-rose-200"
    : l === "MEDIUM"
      ? "border-warn/30 bg-warn/5 text-amber-200"
      : "border-line bg-bg/40 text-muted";

export function AssetCard({ symbol, asset, loading }: { symbol: string; asset: CoreAsset | undefined; loading: boolean }) {
  const base = symbol.replace(/USDT$/, "");
  return (
    <Tile
      title={`${base} / USDT`}
      testId={`asset-${symbol}`}
      right={asset ? <Change value={asset.change24h} className="text-xs font-semibold" /> : null}
    >
      {!asset ? (
        <Unavailable loading={loading} />
      ) : (
        <>
          <p data-testid={`price-${symbol}`} className="num font-mono text-2xl font-semibold tracking-tight">
            {formatPrice(asset.price)}
          </p>
          <div className="mt-3 grid gap-1.5">
            <Metric label="Support" value={formatPrice(asset.support)} />
            <Metric label="Resistance" value={formatPrice(asset.resistance)} />
            <Metric
              label="Momentum"
              value={
                <>
                  <span className={cn("font-sans font-semibold", momentumTone(asset.momentum))}>{asset.momentum ?? "—"}</span>
                  <span className="text-faint"> · RSI </span>
                  {asset.rsi === null ? "—" : asset.rsi.toFixed(1)}
                </>
              }
            />
          </div>
          {asset.risk ? (
            <p className={cn("mt-3 rounded-md border px-2.5 py-1.5 text-[11px] leading-snug", riskTone(asset.riskLevel))}>{asset.risk}</p>
          ) : null}
        </>
      )}
    </Tile>
  );
}
