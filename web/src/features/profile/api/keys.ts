// Query keys of the profile's alert channels (webhooks, Telegram), the only place they are spelled.
export const channelKeys = {
  all: ["alert-channels"] as const,
  webhooks: () => [...channelKeys.all, "webhooks"] as const,
  deliveries: (webhookId: number) => [...channelKeys.webhooks(), webhookId, "deliveries"] as const,
  telegram: () => [...channelKeys.all, "telegram"] as const,
};
