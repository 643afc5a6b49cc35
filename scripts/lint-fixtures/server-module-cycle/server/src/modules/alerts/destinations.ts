// Fixture: what a channel module may use of alerts.
export const destinationAdded = (channel: string) => `added ${channel}`;
