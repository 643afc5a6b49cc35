// How the drawer and Day Signal word a signal's v2 context ("Why this setup" with its history and crowding, a NO_TRADE's
// best side and the pairs clearing the bar); texts only, no JSX.
import { type Alternative, DEFAULT_EXPIRY_HOURS, type SetupHistory, type SignalContext } from "@web/entities/signal/api/decode-signal";
import { formatCount, formatMonthRange, formatPercentNumber, formatRatioPercent, formatSignedR, formatUtcMinute } from "@web/lib/format";

export const SHORT_VENUE_NOTE = "perpetual futures; a spot account cannot short";

export type Outcome = { key: "tp" | "sl" | "expiry"; label: string; share: number; text: string };

export type ContextView = {
  venue: string;
  /** Only for SHORT: why it is not a spot trade. */
  venueNote: string | null;
  /** 'Within 48 h': the horizon the three odds share. */
  horizon: string;
  /** Target first, stop first, neither within the horizon: the three ways the trade ends, as a trader reads them. */
  outcomes: Outcome[];
  /** 'vs 35.0% target first with no skill for the same stop and target', or null without the reference. */
  noSkill: string | null;
  /** The one expected-R figure: the calibrated one the engine decided on (the plain line and the bar use the same). */
  expectedR: string;
  expectedTone: "pos" | "neg" | "muted";
  /** '0.24% round trip = 0.07R', or null without costs. */
  costs: string | null;
  expires: string | null;
  /** Which exits count: the stop and target as set, else at market at expiry (no separate invalidation exit). */
  exits: string;
};

const VENUE_FALLBACK = { spot: "Spot", perp: "USDT-M perpetual" } as const;

export const venueText = (c: SignalContext) => c.venue_label || VENUE_FALLBACK[c.venue];

/** '0.24% round trip = 0.07R' (a cost is always a charge, so the R is unsigned); null without the round trip. */
export function costsText(c: SignalContext): string | null {
  const k = c.costs;
  if (!k || k.round_trip_pct === null) return null;
  return `${formatPercentNumber(k.round_trip_pct)} round trip${k.in_r !== null ? ` = ${Math.abs(k.in_r).toFixed(2)}R` : ""}`;
}

/** '48 h' (whole hours), the horizon every outcome figure is measured within. */
export const horizonText = (hours: number) => `${Number(hours.toFixed(1))} h`;

export function contextView(c: SignalContext): ContextView {
  const rounded = Number(c.expected_r.toFixed(2));
  const h = horizonText(c.expiry_hours ?? DEFAULT_EXPIRY_HOURS);
  return {
    venue: venueText(c),
    venueNote: c.side === "SHORT" ? SHORT_VENUE_NOTE : null,
    horizon: `Within ${h}`,
    outcomes: [
      { key: "tp", label: "Target first", share: c.p_tp, text: formatRatioPercent(c.p_tp) },
      { key: "sl", label: "Stop first", share: c.p_sl, text: formatRatioPercent(c.p_sl) },
      { key: "expiry", label: "Neither", share: c.p_expiry, text: formatRatioPercent(c.p_expiry) },
    ],
    noSkill: c.no_skill_p_tp !== null ? `vs ${formatRatioPercent(c.no_skill_p_tp)} target first with no skill for the same stop and target` : null,
    expectedR: formatSignedR(c.expected_r),
    expectedTone: rounded > 0 ? "pos" : rounded < 0 ? "neg" : "muted",
    costs: costsText(c),
    expires: c.expires_at ? formatUtcMinute(c.expires_at) : null,
    exits: `The stop and the target are the only exits; after ${h} with neither hit, the trade closes at market.`,
  };
}

/** A NO_TRADE's best side: 'Best side: LONG expected −0.12R after costs; bar +0.02R'. */
export function bestSideText(c: SignalContext): string {
  const bar = c.model.bar_r !== null ? `; bar ${formatSignedR(c.model.bar_r)}` : "";
  return `Best side: ${c.side} expected ${formatSignedR(c.expected_r)} after costs${bar}`;
}

type Tone = "pos" | "neg" | "muted";

const toneOf = (r: number, digits = 2): Tone => {
  const rounded = Number(r.toFixed(digits));
  return rounded > 0 ? "pos" : rounded < 0 ? "neg" : "muted";
};

/** '−0.12' / '+0.02' / '0.00': a signed R figure without its unit, for ranges that name the unit once. */
const signedFigure = (r: number, digits = 2) => formatSignedR(r, digits).slice(0, -1);

/** 'Mar–Sep 2024' from '2024-03-01 → 2024-09-06'; the text as sent when it is not two dates; null when absent. */
export function periodText(period: string | null): string | null {
  if (!period) return null;
  const ends = period.split(/\s*(?:→|->|\bto\b|\s[–—-]\s)\s*/);
  return (ends.length === 2 ? formatMonthRange(ends[0], ends[1]) : null) ?? period;
}

/** The band of calibrated expected R the history covers: 'expected R −0.09 to −0.07R', 'below −0.19R', '−0.06R or more'. */
export function bandText(band: SetupHistory["band"]): string | null {
  const { from, to } = band;
  if (from !== null && to !== null) {
    // Bands are narrow: a third or fourth decimal when two would print both ends alike.
    let digits = 2;
    while (digits < 4 && formatSignedR(from, digits) === formatSignedR(to, digits)) digits++;
    return `expected R ${signedFigure(from, digits)} to ${formatSignedR(to, digits)}`;
  }
  if (to !== null) return `expected R below ${formatSignedR(to)}`;
  if (from !== null) return `expected R ${formatSignedR(from)} or more`;
  return null;
}

export type HistoryView = {
  /** 'Tested out-of-fold on 4,210 similar LONG setups (Mar–Sep 2024)': where the odds above come from. It states no
   *  R or odds of its own: the card has one expected R, from one source (issue 33 §2). */
  sample: string;
  /** 'ETHUSDT: 12 of them', 'No ETHUSDT trades among them'; null without pair data. */
  pair: string | null;
};

export function historyView(h: SetupHistory, symbol: string, side: SignalContext["side"]): HistoryView {
  const n = h.pooled.n;
  const period = periodText(h.period);
  const pair = h.pair;
  return {
    sample: `Tested out-of-fold on ${formatCount(n)} similar ${side} setup${n === 1 ? "" : "s"}${period ? ` (${period})` : ""}`,
    pair: !pair ? null : pair.n === 0 ? `No ${symbol} trades among them` : `${symbol}: ${formatCount(pair.n)} of them`,
  };
}

/** '3 other LONG signals in the prior hour', '1 other SHORT signal …', 'none in the prior hour'; null without the count. */
export function crowdingText(c: SignalContext): string | null {
  const n = c.same_direction_last_hour;
  if (n === undefined) return null;
  if (n === 0) return "none in the prior hour";
  return `${formatCount(n)} other ${c.side} signal${n === 1 ? "" : "s"} in the prior hour`;
}

/** A NO_TRADE's alternatives were ranked at its hourly close: "now" only while that is under an hour old. */
export const ALTERNATIVES_FRESH_MS = 3_600_000;

export const ALTERNATIVES_NOTE = "Starting one costs 1 credit.";

export type AlternativeView = { symbol: string; side: Alternative["side"]; expectedR: string; tone: Tone; pTp: string; venue: string };

/** A pair below the bar: its side, expected R, and how far short ('0.03R below the bar'). */
export type NearMissView = { symbol: string; side: Alternative["side"]; expectedR: string; tone: Tone; gap: string };

export type AlternativesView = {
  /** 'Clearing the bar now', or 'Cleared the bar when issued' for an older NO_TRADE. */
  heading: string;
  /** The closest pairs below the bar ([] when not sent or none), under their own heading. */
  nearest: { heading: string; items: NearMissView[] };
  /** Shown instead of the list when no pair cleared the bar. */
  empty: string;
  items: AlternativeView[];
  note: string;
};

/** True while a signal issued at `createdAt` is under an hour old (unknown: false, so the wording never claims "now"). */
export function isFresh(createdAt: string | null, now: number): boolean {
  const t = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isFinite(t) && now - t < ALTERNATIVES_FRESH_MS;
}

/** The list of pairs clearing the bar for a NO_TRADE; null when the context does not say (older signals). */
export function alternativesView(c: SignalContext, fresh: boolean): AlternativesView | null {
  if (!c.alternatives) return null;
  return {
    heading: fresh ? "Clearing the bar now" : "Cleared the bar when issued",
    empty: fresh ? "No pair clears the bar right now." : "No pair cleared the bar when this was issued.",
    items: c.alternatives.map((a) => ({
      symbol: a.symbol,
      side: a.side,
      expectedR: formatSignedR(a.expected_r),
      tone: toneOf(a.expected_r),
      pTp: formatRatioPercent(a.p_tp, 0),
      venue: VENUE_FALLBACK[a.venue],
    })),
    nearest: {
      heading: fresh ? "Closest below the bar" : "Closest below the bar when issued",
      items: (c.nearest ?? []).map((a) => ({
        symbol: a.symbol,
        side: a.side,
        expectedR: formatSignedR(a.expected_r),
        tone: toneOf(a.expected_r),
        gap: `${formatSignedR(a.gap_r).replace(/^\+/, "")} below the bar`,
      })),
    },
    note: ALTERNATIVES_NOTE,
  };
}
