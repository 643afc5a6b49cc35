// Words and fields of the /verify page: the id as typed, which day's root, and a proof's disclosed signal in plain rows.
import { decodeCommitted } from "../api/decode-ledger";
import { formatDateUtc, formatPrice, formatRatioPercent, formatUtcMinute } from "@web/lib/format";

/** A signal id as people paste it ("#1234", " 1234 "); null when it is not one. */
export function parseSignalId(input: string): number | null {
  const m = input.trim().match(/^#?(\d{1,15})$/);
  const id = m ? Number(m[1]) : 0;
  return id > 0 ? id : null;
}

/** "the Jun 1, 2024 root", or "so far" for today's, which moves with every new signal until the day ends (UTC). */
export function rootLabel(day: string, final: boolean): string {
  return `the ${formatDateUtc(`${day}T00:00:00Z`)} root${final ? "" : " so far"}`;
}

export type CommittedField = { label: string; value: string };

const TYPE_TEXT: Record<string, string> = { LONG: "Long", SHORT: "Short", NO_TRADE: "No trade" };

/**
 * The committed fields worth reading, in the canonical's own order; fields a NO_TRADE leaves empty are left out. The
 * digests (reasoning, context, buyer) are not shown: they only matter to the hash, which the check already covered.
 */
export function committedFields(canonical: string): CommittedField[] {
  const c = decodeCommitted(canonical);
  if (!c) return [];
  const price = (v: number | null) => (v === null ? null : formatPrice(v));
  const rr = c.rr_ratio;
  const rows: [string, string | null][] = [
    ["Pair", c.symbol],
    ["Direction", c.type === null ? null : (TYPE_TEXT[c.type] ?? c.type)],
    ["Confidence", c.confidence === null ? null : formatRatioPercent(c.confidence, 0)],
    ["Entry", price(c.entry_price)],
    ["Take profit", price(c.take_profit)],
    ["Stop loss", price(c.stop_loss)],
    ["Risk/reward", rr === null ? null : `1 : ${rr.toFixed(2)}`],
    ["Timeframe", c.timeframe],
    ["Reason for no trade", c.no_trade_reason],
    ["Issued", formatUtcMinute(c.created_at)],
    ["Market time", c.market_time_ms === null ? null : formatUtcMinute(new Date(c.market_time_ms).toISOString())],
  ];
  return rows.flatMap(([label, value]) => (value && value !== "—" ? [{ label, value }] : []));
}
