// Query keys of the alerts feature: the notification list and the channel × stage preferences.
export const alertKeys = {
  all: ["alerts"] as const,
  list: () => [...alertKeys.all, "list"] as const,
  preferences: () => [...alertKeys.all, "preferences"] as const,
};
