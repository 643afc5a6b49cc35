// Fixture (holds server-modules-import-one-way): alerts keeps a registry the channel modules register into.
export const alertChannels: { name: string }[] = [];
export const registerAlertChannel = (channel: { name: string }) => alertChannels.push(channel);
