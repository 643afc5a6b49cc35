// Where a trader's alerts leave the site (webhooks, a Telegram chat, Web Push browsers), withdrawn together when the
// password is reset or changed: a destination planted with a stolen session must not outlive the owner taking it back.
import type { Sql, Tx } from "../infra/db";

export type WithdrawnDestinations = { webhooks_disabled: number; telegram_unlinked: number; push_removed: number };

/** Disables every webhook (the owner can turn each on again), unlinks Telegram and drops every push subscription. */
export async function withdrawAlertDestinations(tx: Tx, userId: number): Promise<WithdrawnDestinations> {
  const hooks = await tx`update webhooks set enabled = false where user_id = ${userId} and enabled returning id`;
  const chats = await tx`delete from telegram_links where user_id = ${userId} returning chat_id`;
  await tx`delete from telegram_link_tokens where user_id = ${userId}`;
  const pushes = await tx`delete from push_subscriptions where user_id = ${userId} returning id`;
  return { webhooks_disabled: hooks.length, telegram_unlinked: chats.length, push_removed: pushes.length };
}

/** A session that ends takes its browser's push subscriptions with it: the next person on that device gets none. */
export async function dropSessionPush(db: Sql | Tx, sessionIds: number[]): Promise<void> {
  if (sessionIds.length) await db`delete from push_subscriptions where session_id in ${db(sessionIds)}`;
}
