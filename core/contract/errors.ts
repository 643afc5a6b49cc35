// Every machine code an error answer carries beside its detail: `{detail, code}`. Clients branch on the code, never on
// the wording; a code the server throws must be listed here (HttpError.withCode takes only these) and the web's
// mapping (web/src/lib/error-codes.ts) answers each one.
import { type Static, t } from "elysia";

export const ERROR_CODES = [
  // generic, by status (HttpError without a specific code) and the global handler
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "payload_too_large",
  "validation_failed",
  "rate_limited",
  "unavailable",
  "internal_error",
  "request_failed",
  "malformed_json",
  "invalid_cookie",
  "invalid_text",
  "unsupported_media_type",
  "database_unavailable",
  "redis_unavailable",
  // sign-in, registration, sessions, passwords
  "invalid_email",
  "invalid_code",
  "too_many_attempts",
  "invalid_credentials",
  "device_verification_required",
  "pending_sign_in_missing",
  "code_expired",
  "session_expired",
  "session_reused",
  "session_revoked",
  "email_not_verified",
  "email_in_use",
  "too_many_codes",
  "device_sign_in_locked",
  "user_blocked",
  "not_authenticated",
  "token_invalid",
  "invalid_reset_link",
  "weak_password",
  "wrong_current_password",
  // analyses, market, signals, results
  "insufficient_credits",
  "too_many_running",
  "idempotency_key_reused",
  "symbol_required",
  "unsupported_symbol",
  "unknown_symbol",
  "symbol_unavailable",
  "unknown_interval",
  "no_candles",
  "bad_limit",
  "bad_end",
  "invalid_date",
  "unknown_table",
  "ledger_entry_not_found",
  // favorites, preferences, alerts, webhooks, Telegram
  "favorite_limit",
  "invalid_preferences",
  "webhook_not_found",
  "webhook_limit",
  "webhook_secret_generated",
  "webhook_url_invalid",
  "webhook_url_private",
  "webhook_url_unresolvable",
  "webhook_url_port",
  "webhook_url_own",
  "push_endpoint_invalid",
  "push_endpoint_private",
  "push_endpoint_unresolvable",
  "telegram_not_configured",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const known = new Set<string>(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === "string" && known.has(value);

/** An error answer's body (routes add their own extra fields, e.g. retry_after, beside these). */
export const errorBodySchema = t.Object({ detail: t.String(), code: t.UnionEnum([...ERROR_CODES]) });
export type ErrorBody = Static<typeof errorBodySchema>;
