// Signal ledger hashing, exactly as migration 0080's SQL does it: the canonical text of a signal row, its leaf and chain
// hashes, and the check of a public inclusion proof. Web Crypto only, so the browser's /verify page runs the same code.

/** The prev_hash of the first entry. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * A signals row as the verifier loads it: numbers and ids as Postgres's own text (never through a JS number, which
 * would round), created_at as microseconds since the epoch, context as its jsonb text.
 */
export type LedgerSignal = {
  id: string;
  request_id: string;
  user_id: string;
  symbol: string;
  type: string;
  confidence: string;
  entry_price: string | null;
  take_profit: string | null;
  stop_loss: string | null;
  rr_ratio: string | null;
  cost_per_side: string | null;
  timeframe: string;
  entry_timing: string;
  no_trade_reason: string | null;
  market_time_ms: string;
  created_at_us: string;
  reasoning: string;
  context: string | null;
};

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** SHA-256 of the UTF-8 bytes of `text`, as lowercase hex (Postgres: encode(sha256(convert_to(text, 'UTF8')), 'hex')). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  let out = "";
  for (const byte of digest) out += HEX[byte];
  return out;
}

/** An entry's leaf: the hash of its canonical text (signal_ledger_leaf). */
export const leafHash = (canonical: string) => sha256Hex(canonical);

/** One link of the chain (signal_ledger_link): both hashes as hex text, concatenated. */
export const linkHash = (prevHash: string, leaf: string) => sha256Hex(prevHash + leaf);

/** Postgres's trim_scale on a numeric's text: trailing fractional zeros go, "1.500" → "1.5", "2.000" → "2". */
export function trimScale(text: string): string {
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

/** to_json of a nullable text, as Postgres writes it (its escapes are JSON.stringify's). */
const jsonText = (v: string | null) => (v === null ? "null" : JSON.stringify(v));

/** to_json(trim_scale(numeric)): a plain number, or a quoted string for NaN and ±Infinity, which JSON has no number for. */
function jsonNumeric(v: string | null): string {
  if (v === null) return "null";
  const t = trimScale(v);
  return /^-?\d+(\.\d+)?$/.test(t) ? t : JSON.stringify(t);
}

/** to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from microseconds since the epoch. */
export function isoMicros(us: string): string {
  const n = BigInt(us);
  const ms = n >= 0n ? n / 1000n : -((-n + 999n) / 1000n);
  const rest = n - ms * 1000n;
  return `${new Date(Number(ms)).toISOString().slice(0, -1)}${rest.toString().padStart(3, "0")}Z`;
}

/** The canonical text of a signal (signal_ledger_canonical): same fields, order and formatting, byte for byte. */
export async function canonicalOf(s: LedgerSignal, userSalt: string): Promise<string> {
  const fields: [string, string][] = [
    ["v", "1"],
    ["signal_id", s.id],
    ["request_id", s.request_id],
    ["user", jsonText(await sha256Hex(`user:${s.user_id}:${userSalt}`))],
    ["symbol", jsonText(s.symbol)],
    ["type", jsonText(s.type)],
    ["confidence", jsonNumeric(s.confidence)],
    ["entry_price", jsonNumeric(s.entry_price)],
    ["take_profit", jsonNumeric(s.take_profit)],
    ["stop_loss", jsonNumeric(s.stop_loss)],
    ["rr_ratio", jsonNumeric(s.rr_ratio)],
    ["cost_per_side", jsonNumeric(s.cost_per_side)],
    ["timeframe", jsonText(s.timeframe)],
    ["entry_timing", jsonText(s.entry_timing)],
    ["no_trade_reason", jsonText(s.no_trade_reason)],
    ["market_time_ms", s.market_time_ms],
    ["created_at", jsonText(isoMicros(s.created_at_us))],
    ["reasoning_sha256", jsonText(await sha256Hex(s.reasoning))],
    ["context_sha256", jsonText(s.context === null ? null : await sha256Hex(s.context))],
  ];
  return `{${fields.map(([k, v]) => `"${k}":${v}`).join(",")}}`;
}

/** What GET /api/public/ledger/proof/:signalId answers: hashes, plus the signal's canonical text once it is disclosed. */
export type LedgerProof = {
  signal_id: number;
  day: string;
  root: { hash: string; final: boolean; entries: number };
  entry: { seq: number; prev_hash: string; leaf_hash: string; entry_hash: string; committed_at: string; canonical: string | null };
  chain: { seq: number; leaf_hash: string; entry_hash: string }[];
};

export type ProofCheck = { ok: true; root: string } | { ok: false; reason: string };

/**
 * Recomputes a proof from its own numbers: the disclosed canonical hashes to the leaf and names the signal, the
 * entry's hash follows from its predecessor and leaf, every later link follows from the one before, and the last
 * one is the day's root. Any edited byte on the way makes one of these fail.
 */
export async function checkProof(proof: LedgerProof): Promise<ProofCheck> {
  const { entry } = proof;
  if (entry.canonical !== null) {
    if ((await leafHash(entry.canonical)) !== entry.leaf_hash)
      return { ok: false, reason: "The disclosed fields do not hash to the committed leaf." };
    if (!entry.canonical.startsWith(`{"v":1,"signal_id":${proof.signal_id},`))
      return { ok: false, reason: "The disclosed fields name another signal." };
  }
  let hash = await linkHash(entry.prev_hash, entry.leaf_hash);
  if (hash !== entry.entry_hash) return { ok: false, reason: `Entry #${entry.seq} does not hash to its recorded value.` };
  for (const link of proof.chain) {
    hash = await linkHash(hash, link.leaf_hash);
    if (hash !== link.entry_hash) return { ok: false, reason: `The chain breaks at entry #${link.seq}.` };
  }
  if (hash !== proof.root.hash) return { ok: false, reason: `The chain ends at ${hash}, not at the ${proof.day} root.` };
  return { ok: true, root: hash };
}
