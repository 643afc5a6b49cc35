// Favorite pairs of one user: upper-case supported symbols, at most 100; each change is announced on commit (core/user-version).
import type { Sql } from "@core/infra/db";
import { noteUserChanged } from "@core/infra/user-version";
import { isSupportedSymbol } from "@core/market/symbols";
import { badRequest, conflict, notFound } from "../../lib/http-error";
import { normalizeSymbol } from "../../lib/params";

export const MAX_FAVORITES = 100;

export async function listFavorites(sql: Sql, userId: number) {
  const rows = await sql<{ symbol: string; created_at: Date }[]>`
    select symbol, created_at from favorites where user_id = ${userId} order by created_at, symbol`;
  return { favorites: rows.map((r) => ({ symbol: r.symbol, created_at: new Date(r.created_at).toISOString() })) };
}

/** Adding an existing favorite is a no-op, so a retried toggle cannot fail. */
export async function addFavorite(sql: Sql, userId: number, rawSymbol: unknown) {
  const symbol = normalizeSymbol(rawSymbol);
  if (!symbol) throw badRequest("Enter a symbol").withCode("symbol_required");
  if (!isSupportedSymbol(symbol)) throw badRequest(`Symbol ${symbol} is not supported`).withCode("unsupported_symbol");
  await sql.begin(async (tx) => {
    // Serialises one user's adds so the cap holds under concurrent requests.
    await tx`select id from users where id = ${userId} for update`;
    const [exists] = await tx`select 1 from favorites where user_id = ${userId} and symbol = ${symbol}`;
    if (exists) return;
    const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from favorites where user_id = ${userId}`;
    if (n >= MAX_FAVORITES) throw conflict(`Favorite limit reached: maximum ${MAX_FAVORITES} favorites allowed`).withCode("favorite_limit");
    await tx`insert into favorites (user_id, symbol) values (${userId}, ${symbol})`;
    await noteUserChanged(tx, userId, `favorite-${crypto.randomUUID()}`);
  });
  return { symbol, ...(await listFavorites(sql, userId)) };
}

export async function removeFavorite(sql: Sql, userId: number, rawSymbol: string) {
  const symbol = normalizeSymbol(rawSymbol);
  const removed = await sql.begin(async (tx) => {
    const rows = await tx`delete from favorites where user_id = ${userId} and symbol = ${symbol} returning symbol`;
    if (rows.length) await noteUserChanged(tx, userId, `favorite-${crypto.randomUUID()}`);
    return rows.length > 0;
  });
  if (!removed) throw notFound(`${symbol || "Symbol"} is not in your favorites`);
  return { symbol, detail: "Removed", ...(await listFavorites(sql, userId)) };
}
