// Signal ledger hashing, exactly as migration 0080's SQL does it: the canonical text of a signal row, its leaf and chain
// hashes, and the check of a public Merkle inclusion proof (RFC 9162). Web Crypto only, so the browser's /verify page
// runs the same code.

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

/** SHA-256 over raw bytes: a prefix byte and hex parts decoded (RFC 9162's node hashing), as lowercase hex. */
async function digestBytes(prefix: 0 | 1, ...parts: string[]): Promise<string> {
  const bytes = new Uint8Array(1 + parts.length * 32);
  bytes[0] = prefix;
  parts.forEach((p, i) => {
    for (let j = 0; j < 32; j++) bytes[1 + i * 32 + j] = Number.parseInt(p.slice(j * 2, j * 2 + 2), 16);
  });
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let out = "";
  for (const byte of digest) out += HEX[byte];
  return out;
}

/**
 * The root an inclusion path leads to (RFC 9162 §2.1.3.2): the entry's hash as leaf `index` of a day tree of `size`
 * leaves, hashed with each sibling in turn; null when the path's length does not fit the position and size.
 */
export async function rootFromInclusionPath(entryHash: string, index: number, size: number, path: string[]): Promise<string | null> {
  if (!(index >= 0 && index < size)) return null;
  let fn = index;
  let sn = size - 1;
  let r = await digestBytes(0, entryHash);
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = await digestBytes(1, p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else r = await digestBytes(1, r, p);
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}

/**
 * What GET /api/public/ledger/proof/:signalId answers: the entry (its canonical text once disclosed) and its Merkle
 * inclusion path in the day's tree, whose leaves are the day's entry hashes in seq order. The path has ⌈log2 n⌉
 * hashes at most, however many signals the day holds. `root.chain_head` is the chain's hash at the same entry
 * (`root.last_seq`), which `root_hash` in the daily roots has always published.
 */
export type LedgerProof = {
  signal_id: number;
  day: string;
  root: { hash: string; chain_head: string; last_seq: number; final: boolean; entries: number };
  entry: { seq: number; index: number; prev_hash: string; leaf_hash: string; entry_hash: string; committed_at: string; canonical: string | null };
  path: string[];
};

export type ProofCheck = { ok: true; root: string } | { ok: false; reason: string };

/**
 * Recomputes a proof from its own numbers: the disclosed canonical hashes to the leaf and names the signal, the
 * entry's hash follows from its predecessor and leaf, and the inclusion path leads from that hash to the day's Merkle
 * root. Any edited byte on the way makes one of these fail.
 */
export async function checkProof(proof: LedgerProof): Promise<ProofCheck> {
  const { entry } = proof;
  if (entry.canonical !== null) {
    if ((await leafHash(entry.canonical)) !== entry.leaf_hash)
      return { ok: false, reason: "The disclosed fields do not hash to the committed leaf." };
    if (!entry.canonical.startsWith(`{"v":1,"signal_id":${proof.signal_id},`))
      return { ok: false, reason: "The disclosed fields name another signal." };
  }
  if ((await linkHash(entry.prev_hash, entry.leaf_hash)) !== entry.entry_hash)
    return { ok: false, reason: `Entry #${entry.seq} does not hash to its recorded value.` };
  const root = await rootFromInclusionPath(entry.entry_hash, entry.index, proof.root.entries, proof.path);
  if (root === null) return { ok: false, reason: `The inclusion path does not fit entry ${entry.index + 1} of ${proof.root.entries}.` };
  if (root !== proof.root.hash) return { ok: false, reason: `The inclusion path ends at ${root}, not at the ${proof.day} root.` };
  return { ok: true, root };
}
