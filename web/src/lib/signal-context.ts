// How the drawer and Day Signal word a signal's v2 context ("Why this setup", a NO_TRADE's best side); texts only, no JSX.
import type { SignalContext } from "./entities";
import { formatPercentNumber, formatPrice, formatRatioPercent, formatSignedR, formatUtcMinute } from "./format";

export const SHORT_VENUE_NOTE = "perpetual futures; a spot account cannot short";

export type Outcome = { key: "tp" | "sl" | "expiry"; label: string; share: number; text: string };

export type ContextView = {
  venue: string;
  /** Only for SHORT: why it is not a spot trade. */
  venueNote: string | null;
  outcomes: Outcome[];
  /** 'vs 35.0% with no skill for the same stop and target', or null without the reference. */
  noSkill: string | null;
  expectedR: string;
  expectedTone: "pos" | "neg" | "muted";
  /** '0.24% round trip = 0.07R', or null without costs. */
  costs: string | null;
  expires: string | null;
  invalidation: string | null;
  invalidationNote: string;
};

const VENUE_FALLBACK = { spot: "Spot", perp: "USDT-M perpetual" } as const;

export const venueText = (c: SignalContext) => c.venueLabel ?? VENUE_FALLBACK[c.venue];

/** '0.24% round trip = 0.07R' (a cost is always a charge, so the R is unsigned); null without the round trip. */
export function costsText(c: SignalContext): string | null {
  const k = c.costs;
  if (!k || k.roundTripPct === null) return null;
  return `${formatPercentNumber(k.roundTripPct)} round trip${k.inR !== null ? ` = ${Math.abs(k.inR).toFixed(2)}R` : ""}`;
}

export function contextView(c: SignalContext): ContextView {
  const rounded = Number(c.expectedR.toFixed(2));
  return {
    venue: venueText(c),
    venueNote: c.side === "SHORT" ? SHORT_VENUE_NOTE : null,
    outcomes: [
      { key: "tp", label: "TP first", share: c.pTp, text: formatRatioPercent(c.pTp) },
      { key: "sl", label: "SL first", share: c.pSl, text: formatRatioPercent(c.pSl) },
      { key: "expiry", label: "expiry", share: c.pExpiry, text: formatRatioPercent(c.pExpiry) },
    ],
    noSkill: c.noSkillPTp !== null ? `vs ${formatRatioPercent(c.noSkillPTp)} with no skill for the same stop and target` : null,
    expectedR: formatSignedR(c.expectedR),
    expectedTone: rounded > 0 ? "pos" : rounded < 0 ? "neg" : "muted",
    costs: costsText(c),
    expires: c.expiresAt ? formatUtcMinute(c.expiresAt) : null,
    invalidation: c.invalidationLevel !== null ? formatPrice(c.invalidationLevel) : null,
    invalidationNote: c.side === "LONG" ? "72h swing low; the setup is void below it" : "72h swing high; the setup is void above it",
  };
}

/** A NO_TRADE's best side: 'Best side: LONG expected −0.12R after costs; bar +0.02R'. */
export function bestSideText(c: SignalContext): string {
  const bar = c.model.barR !== null ? `; bar ${formatSignedR(c.model.barR)}` : "";
  return `Best side: ${c.side} expected ${formatSignedR(c.expectedR)} after costs${bar}`;
}
