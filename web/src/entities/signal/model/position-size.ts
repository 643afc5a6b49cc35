// Position sizing for a LONG/SHORT signal: the quantity whose loss at the stop, costs included, fits the chosen risk;
// quantity rounded down to the lot step, prices to the tick. Costs follow the engine's outcome rule (engine/src/outcomes:
// cost_per_side × (entry + exit) per unit), with the signal's own cost_per_side, so sizer and settled R agree.

export type LotSizes = { tick: number; step: number; priceDecimals: number; qtyDecimals: number };

export type SizerInput = {
  side: "LONG" | "SHORT";
  venue: "spot" | "perp";
  entry: number;
  stop: number;
  target: number;
  /** Fraction of notional per side (signal.context.costs.cost_per_side). */
  costPerSide: number;
  /** USDT. */
  accountSize: number;
  /** Percent of the account, e.g. 1 for 1 %. */
  riskPercent: number;
  lot: LotSizes;
};

export type Sizing = {
  /** The levels as an order would carry them (rounded to the tick). */
  entry: number;
  stop: number;
  target: number;
  /** USDT the trader chose to risk. */
  riskBudget: number;
  quantity: number;
  notional: number;
  /** USDT lost if the stop fills, costs included (entry and exit). */
  lossAtStop: number;
  /** USDT gained if the target fills, costs deducted. */
  gainAtTarget: number;
  /** Costs inside those two figures. */
  costsAtStop: number;
  costsAtTarget: number;
  /** lossAtStop as a percent of the account. */
  lossPercent: number;
  /** Spot LONG: the risk asked for a larger position than the account can buy, so the notional was capped at it. */
  cappedByAccount: boolean;
  /** The quantity rounds down to 0 lots. */
  roundsToZero: boolean;
  /** With 0 lots: what the smallest order (one lot step) would lose at the stop, and whether that exceeds the chosen risk. */
  minimumLot: { quantity: number; lossAtStop: number; lossPercent: number; exceedsRisk: boolean } | null;
  /** Perpetual: notional ÷ account (the leverage the position implies). Null on spot. */
  leverage: number | null;
};

/** `value` on the grid of `unit` with `decimals` decimals (the grid's own), removing binary noise (0.1 + 0.2). */
const onGrid = (units: number, unit: number, decimals: number) => Number((units * unit).toFixed(Math.max(0, decimals)));

export const roundToTick = (price: number, lot: LotSizes) => onGrid(Math.round(price / lot.tick), lot.tick, lot.priceDecimals);

/** Whole lot steps at or below `qty`; the 1e-9 keeps 0.3 / 0.1 (= 2.9999…) at 3 steps. */
export const floorToStep = (qty: number, lot: LotSizes) => onGrid(Math.floor(qty / lot.step + 1e-9), lot.step, lot.qtyDecimals);

/** Per unit: loss at the stop and gain at the target, costs included, and those costs. */
function perUnit(entry: number, stop: number, target: number, costPerSide: number) {
  const stopCost = costPerSide * (entry + stop);
  const targetCost = costPerSide * (entry + target);
  return { loss: Math.abs(entry - stop) + stopCost, gain: Math.abs(target - entry) - targetCost, stopCost, targetCost };
}

export function sizePosition(input: SizerInput): Sizing {
  const { lot, accountSize } = input;
  const entry = roundToTick(input.entry, lot);
  const stop = roundToTick(input.stop, lot);
  const target = roundToTick(input.target, lot);
  const unit = perUnit(entry, stop, target, input.costPerSide);
  const riskBudget = (accountSize * input.riskPercent) / 100;
  let quantity = unit.loss > 0 ? floorToStep(riskBudget / unit.loss, lot) : 0;
  // A spot buy is paid in full: no more than the account can buy (no margin on spot).
  const spotLong = input.venue === "spot" && input.side === "LONG";
  const affordable = entry > 0 ? floorToStep(accountSize / entry, lot) : 0;
  const cappedByAccount = spotLong && quantity > affordable;
  if (cappedByAccount) quantity = affordable;
  const roundsToZero = quantity === 0;
  const lossOf = (q: number) => q * unit.loss;
  const minLoss = lossOf(lot.step);
  const notional = quantity * entry;
  return {
    entry,
    stop,
    target,
    riskBudget,
    quantity,
    notional,
    lossAtStop: lossOf(quantity),
    gainAtTarget: quantity * unit.gain,
    costsAtStop: quantity * unit.stopCost,
    costsAtTarget: quantity * unit.targetCost,
    lossPercent: accountSize > 0 ? (lossOf(quantity) / accountSize) * 100 : 0,
    cappedByAccount,
    roundsToZero,
    minimumLot: roundsToZero
      ? { quantity: lot.step, lossAtStop: minLoss, lossPercent: (minLoss / accountSize) * 100, exceedsRisk: minLoss > riskBudget }
      : null,
    leverage: input.venue === "perp" && accountSize > 0 ? notional / accountSize : null,
  };
}
