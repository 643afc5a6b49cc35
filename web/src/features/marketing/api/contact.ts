// POST /api/support/contact: sends the form; result and failure texts follow spec 01 §8 exactly.
import { useMutation } from "@tanstack/react-query";
import type { ContactInput } from "@core/rules/contact";
import { ApiError, apiRequest, serverMessage } from "@web/lib/api";
import { contactSuccessText, type ContactResult } from "./decode-public";

export { contactSuccessText, type ContactResult };

/** Server detail, else message, else status text, else 'Failed to send message'; network errors get their own text. */
export function contactErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return "Failed to send message. Please try again.";
  return serverMessage(err) ?? (err.statusText || "Failed to send message");
}

export function useSendContact() {
  return useMutation({ mutationFn: (input: ContactInput) => apiRequest<ContactResult>("POST", "/api/support/contact", input) });
}
