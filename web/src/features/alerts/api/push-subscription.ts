// POST/DELETE /api/alerts/push-subscription: this browser's Web Push subscription (PushSubscription.toJSON()).
import { apiRequest } from "@web/lib/api";
import type { Preferences } from "../model/alerts";

export type PushSubscriptionJson = { endpoint: string; keys: { p256dh: string; auth: string }; expirationTime?: number | null };

export const savePushSubscription = (sub: PushSubscriptionJson) => apiRequest<Preferences>("POST", "/api/alerts/push-subscription", sub);

export const deletePushSubscription = (endpoint: string) => apiRequest<Preferences>("DELETE", "/api/alerts/push-subscription", { endpoint });
