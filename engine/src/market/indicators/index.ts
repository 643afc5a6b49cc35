// Indicator toolkit for the market snapshots and the signal model: moving averages/oscillators, structure, statistics.
export { ema, rsi, atr, last } from "./moving";
export { swingPoints, supportResistance, type Pivot } from "./structure";
export { returns, correlation, returnCorrelation, pctChange, median } from "./stats";
