// POST /api/support/contact: sends the form; result and failure texts follow spec 01 §8 exactly.
import { useMutation } from "@tanstack/react-query";
import type { ContactInput } from "@core/rules/contact";
import { ApiError, apiRequest } from "@web/lib/api";
import { isObj, num, str } from "@web/lib/decode";

export type ContactResult = { ticket_id?: number | string; detail?: string; message?: string };

export function contactSuccessText(result: unknown): string {
  const id = isObj(result) ? (num(result, "ticket_id") ?? str(result, "ticket_id")) : null;
  return id !== null ? `Your ticket ID: ${id}. Check your email for confirmation.` : "Thank you for contacting us. We'll get back to you soon.";
}

/** Server detail, else message, else status text, else 'Failed to send message'; network errors get their own text. */
export function contactErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return "Failed to send message. Please try again.";
  const body = err.json;
  if (isObj(body)) {
    const text = str(body, "detail") ?? str(body, "message");
    if (text) return text;
  }
  return err.statusText || "Failed to send message";
}

export function useSendContact() {
  return useMutation({ mutationFn: (input: ContactInput) => apiRequest<ContactResult>("POST", "/api/support/contact", input) });
}
