// Market snapshot functions (pure, one per topic) and the provider-backed group computation used by ingestion.
export * from "./types";
export { computeSession, SESSION_WINDOWS } from "./session";
export { computeHealth, healthStatus, volatilityScore, HEALTH_RULE, HEALTH_MIN_CANDLES } from "./health";
export { computeCoreAsset, momentumOf, riskNote } from "./core-assets";
export { computeMovers } from "./movers";
export { computeSentiment, quoteVolume24h } from "./sentiment";
export { computeOrderbook, corwinSchultz, modelledSpread, volumeImbalance } from "./orderbook";
export { computeGate, GATE_RULES } from "./gate";
export { priceAndChange } from "./price";
export { computeGroup, type ComputedSnapshot } from "./compute";
