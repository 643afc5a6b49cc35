// The security event log: one structured line per sign-in, failure, wrong code, lockout, reset, revocation, reuse, 429 and
// alert destination added or withdrawn.
import { createHash } from "node:crypto";
import type { Logger } from "@core/infra/log";

export type SecurityEvent =
  | "login_success"
  | "login_failure"
  | "device_pending"
  | "device_verified"
  | "device_code_wrong"
  | "device_locked"
  | "password_reset"
  | "password_changed"
  | "session_revoked"
  | "browser_trust_removed"
  | "logout"
  | "refresh_reuse"
  | "rate_limited"
  | "alert_destination_added"
  | "alert_destinations_withdrawn";

/** Who and where, never a secret: an e-mail appears only as a short hash (enough to correlate, not to read). */
export type SecurityFields = {
  user_id?: number | null;
  session_id?: number | null;
  ip?: string | null;
  account?: string;
  limit?: string;
  key?: string;
  channel?: string;
  webhooks_disabled?: number;
  telegram_unlinked?: number;
  push_removed?: number;
};

export const accountHash = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 16);

const WARN: ReadonlySet<SecurityEvent> = new Set(["login_failure", "device_code_wrong", "device_locked", "refresh_reuse", "rate_limited"]);

export function securityEvent(log: Logger, event: SecurityEvent, fields: SecurityFields) {
  const { account, ...rest } = fields;
  const line = { event, ...rest, ...(account ? { account: accountHash(account) } : {}) };
  (WARN.has(event) ? log.warn : log.info)("security", line);
}
