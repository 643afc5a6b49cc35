// Response shapes of the public module (landing page live preview and track record).
import { t } from "elysia";

export const liveSchema = t.Object({
  signals_generated: t.Number(),
  active_analyses: t.Number(),
  live: t.Array(t.Object({ symbol: t.String(), created_at: t.String(), status: t.String(), progress_percent: t.Number() })),
});

const num = t.Nullable(t.Number());

export const trackRecordSchema = t.Object({
  backtest: t.Unknown({ description: "The model's walk-forward backtest report (track-record.json), null when not built" }),
  live: t.Object({
    signals_issued: t.Number(),
    no_trade: t.Number(),
    open: t.Number(),
    closed: t.Number(),
    tp_hit: t.Number(),
    sl_hit: t.Number(),
    expired: t.Number(),
    win_rate: num,
    avg_r_multiple: num,
    total_r: num,
    sample_size: t.Number(),
    period: t.Object({ from: t.Nullable(t.String()), to: t.Nullable(t.String()) }),
    market: t.UnionEnum(["replay", "binance"], {
      description: "Where the signals traded: replayed history (in-sample for the shipped model, never a track record) or the live market",
    }),
  }),
});

export const errorSchema = t.Object({ detail: t.String(), code: t.String() });

const hash = t.String({ pattern: "^[0-9a-f]{64}$" });

export const ledgerRootsQuery = t.Object({
  before: t.Optional(t.String({ description: "Page end, exclusive (YYYY-MM-DD, UTC); default: through today" })),
  limit: t.Optional(t.String({ description: "Days the page covers back from `before`, 1-366 (default 30)" })),
});

export const ledgerRootsSchema = t.Object({
  items: t.Array(
    t.Object({
      day: t.String({ description: "UTC day, YYYY-MM-DD" }),
      root_hash: t.String({ pattern: "^[0-9a-f]{64}$", description: "Hash of the day's last entry (the chain's head)" }),
      merkle_root: t.String({ pattern: "^[0-9a-f]{64}$", description: "RFC 9162 Merkle tree hash of the day's entry hashes, in seq order" }),
      entries: t.Number({ description: "Results committed that day, No Trades included (the tree's leaves)" }),
      signals: t.Number({ description: "LONG and SHORT signals among them" }),
      last_seq: t.Number(),
      final: t.Boolean({ description: "false for today: the root moves with every new signal until the day ends" }),
    }),
  ),
  next_before: t.Nullable(t.String({ description: "`before` of the next (older) page; null when there is none" })),
});

export const ledgerProofSchema = t.Object({
  signal_id: t.Number(),
  day: t.String(),
  root: t.Object({
    hash: t.String({ pattern: "^[0-9a-f]{64}$", description: "The day's Merkle root (merkle_root in the roots)" }),
    chain_head: t.String({ pattern: "^[0-9a-f]{64}$", description: "The hash of the day's last entry (root_hash in the roots)" }),
    last_seq: t.Number(),
    final: t.Boolean(),
    entries: t.Number({ description: "Leaves of the day's tree" }),
  }),
  entry: t.Object({
    seq: t.Number(),
    index: t.Number({ description: "The entry's position among the day's entries (0-based), its leaf in the tree" }),
    leaf_hash: hash,
    entry_hash: hash,
    prev_hash: hash,
    committed_at: t.String(),
    canonical: t.Nullable(t.String({ description: "The committed fields (buyer as a salted hash); null while the signal is open" })),
  }),
  path: t.Array(hash, { description: "Sibling hashes from the leaf up, at most ⌈log2 entries⌉" }),
});

/** The newest settled LONG/SHORT signal, for the landing page's example card: levels, odds and outcome, no user data. */
export const exampleSignalSchema = t.Object({
  signal: t.Nullable(
    t.Object({
      id: t.Number(),
      symbol: t.String(),
      type: t.UnionEnum(["LONG", "SHORT"]),
      timeframe: t.String(),
      entry_price: t.Number(),
      take_profit: t.Number(),
      stop_loss: t.Number(),
      rr_ratio: t.Number(),
      p_tp: t.Number({ description: "calibrated P(target first) as issued (the signal's confidence)" }),
      expected_r: num,
      expiry_hours: t.Number(),
      outcome: t.UnionEnum(["TP_HIT", "SL_HIT", "EXPIRED"]),
      r_multiple: num,
      market_time_ms: t.Number({ description: "market clock at issue (a recorded moment under the replay)" }),
    }),
  ),
  market: t.UnionEnum(["replay", "binance"]),
});
