// Market reads: snapshots computed by the engine, read from Redis through an in-process copy, never computed per request.
import { CORE_ASSET_SYMBOLS, MARKET_REFRESH_SECONDS, type MarketTopic, type StoredSnapshot } from "@core/market/market-intervals";
import { isSupportedSymbol, SUPPORTED_SYMBOLS, unavailableReason, type MarketProviderName } from "@core/market/symbols";
import type { ServerDeps } from "../../deps";
import { badRequest, HttpError, unavailable } from "../../lib/http-error";
import { jsonBody, type StaticBody } from "../../lib/compression";
import { cachedSnapshot, peekSnapshot } from "./snapshot-cache";

/**
 * Each snapshot copy's answers, serialised once per variant (a query's symbols, full details or not): every tab asks the
 * same few, and serialising (and compressing) the same object for each request was most of a market read's cost. Keyed
 * by the copy itself, so an answer goes when the copy does (a new snapshot, or after its second).
 */
const rendered = new WeakMap<StoredSnapshot, Map<string, StaticBody>>();

type Deps = Pick<ServerDeps, "redis" | "keys" | "log">;

/**
 * The answer `variant` of `topic`'s copy `snap` (made by `make` the first time) as a shared JSON body, current while
 * that copy is the one a read would get.
 */
function renderedOnce(deps: Deps, topic: MarketTopic, snap: StoredSnapshot, variant: string, make: () => unknown): StaticBody {
  let answers = rendered.get(snap);
  if (!answers) {
    answers = new Map();
    rendered.set(snap, answers);
  }
  let body = answers.get(variant);
  if (!body) {
    body = { ...jsonBody(make()), current: () => peekSnapshot(deps, topic) === snap };
    answers.set(variant, body);
  }
  return body;
}

/** A topic's stored snapshot as the shared answer (503 before the engine has published it). */
export async function snapshotAnswer(deps: Deps, topic: MarketTopic): Promise<StaticBody> {
  const snap = await readSnapshot(deps, topic);
  return renderedOnce(deps, topic, snap, "", () => snap);
}

async function readSnapshot(deps: Deps, topic: MarketTopic): Promise<StoredSnapshot> {
  const snap = await cachedSnapshot(deps, topic);
  if (!snap) throw unavailable(`Market data not available yet (${topic}); the market engine has not published it`);
  return snap;
}

/** Upper-cases and trims; 400 for anything that is not a supported pair. */
export function parseSymbol(raw: string): string {
  const symbol = raw.trim().toUpperCase();
  if (!symbol) throw badRequest("Symbol is required");
  if (!/^[A-Z0-9]{2,20}$/.test(symbol) || !isSupportedSymbol(symbol)) throw badRequest(`Unsupported symbol: ${symbol.slice(0, 30)}`);
  return symbol;
}

/** Only the core assets have cards and modelled books; other supported pairs are a 404, not a 400. */
function requireCoreAsset(symbol: string, what: string) {
  if (!(CORE_ASSET_SYMBOLS as readonly string[]).includes(symbol))
    throw new HttpError(404, `No ${what} for ${symbol}: tracked for ${CORE_ASSET_SYMBOLS.join(", ")} only`);
}

export async function coreAssets(deps: Deps, symbolsParam: string | undefined): Promise<StaticBody> {
  const requested = (symbolsParam ?? CORE_ASSET_SYMBOLS.join(","))
    .split(",")
    .filter((s) => s.trim() !== "")
    .map(parseSymbol);
  if (!requested.length) throw badRequest("symbols must list at least one pair, e.g. BTCUSDT,ETHUSDT");
  for (const s of requested) requireCoreAsset(s, "core-asset data");
  const snap = await readSnapshot(deps, "core_assets");
  const all = snap.data as Record<string, unknown>;
  return renderedOnce(deps, "core_assets", snap, requested.join(","), () => ({
    ...snap,
    data: Object.fromEntries(requested.map((s) => [s, all[s]])),
  }));
}

export async function orderbook(deps: Deps, symbolParam: string | undefined): Promise<StaticBody> {
  const symbol = parseSymbol(symbolParam ?? "BTCUSDT");
  requireCoreAsset(symbol, "order-book model");
  return snapshotAnswer(deps, `orderbook:${symbol}`);
}

export async function movers(deps: Deps, fullDetails: boolean): Promise<StaticBody> {
  const snap = await readSnapshot(deps, "movers");
  if (fullDetails) return renderedOnce(deps, "movers", snap, "full", () => snap);
  return renderedOnce(deps, "movers", snap, "summary", () => {
    const { all_symbols: _omit, ...rest } = snap.data as Record<string, unknown>;
    return { ...snap, data: rest };
  });
}

export const refreshIntervals = () => ({ data: { ...MARKET_REFRESH_SECONDS }, computed_at: null });
/** The built-in list; `unavailable` names the pairs this deployment's market provider cannot serve, with the reason. */
export function symbolsList(config: { MARKET_PROVIDER: MarketProviderName; REPLAY_START?: string }) {
  const provider = config.MARKET_PROVIDER;
  const unavailable: Record<string, string> = {};
  for (const s of SUPPORTED_SYMBOLS) {
    const reason = unavailableReason(s, config);
    if (reason) unavailable[s] = reason;
  }
  return { data: { symbols: SUPPORTED_SYMBOLS, count: SUPPORTED_SYMBOLS.length, provider, unavailable }, computed_at: null };
}
