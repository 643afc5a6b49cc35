// The paid credit packs of spec 01 §9 as the server sells them: checkout prices and credits come from here only.
export type PackId = "trial" | "starter" | "standard" | "pro" | "ultimate";

export type Pack = { id: PackId; name: string; cents: number; currency: "usd"; credits: number };

export const PACKS: Record<PackId, Pack> = {
  trial: { id: "trial", name: "Trial Pack", cents: 999, currency: "usd", credits: 3 },
  starter: { id: "starter", name: "Starter Pack", cents: 1899, currency: "usd", credits: 6 },
  standard: { id: "standard", name: "Standard Pack", cents: 3599, currency: "usd", credits: 12 },
  pro: { id: "pro", name: "Pro Pack", cents: 6999, currency: "usd", credits: 25 },
  ultimate: { id: "ultimate", name: "Ultimate Pack", cents: 12999, currency: "usd", credits: 50 },
};

export const PACK_IDS = Object.keys(PACKS) as PackId[];

export const isPackId = (v: unknown): v is PackId => typeof v === "string" && Object.hasOwn(PACKS, v);

/** The money-back window, counted from the payment. */
export const REFUND_WINDOW_DAYS = 30;

/**
 * The money-back rule (stated on the profile and in the Terms): a pack's unused credits are the smaller of its credits
 * and the balance not already promised to another pending refund; the refund is the price times unused / credits,
 * rounded to the cent.
 */
export function refundQuote(pack: { cents: number; credits: number }, available: number): { credits: number; cents: number } {
  const credits = Math.max(0, Math.min(pack.credits, available));
  return { credits, cents: Math.round((pack.cents * credits) / pack.credits) };
}

/**
 * The credits `cents` returned of a pack pay for, in proportion and by the quote's own rounding: the fewest credits
 * whose quote reaches the amount. A quote's own cents give back its credits exactly; any cent more takes one more.
 */
export function creditsForCents(pack: { cents: number; credits: number }, cents: number): number {
  if (cents <= 0) return 0;
  for (let n = 1; n <= pack.credits; n++) if (refundQuote(pack, n).cents >= cents) return n;
  return pack.credits;
}
