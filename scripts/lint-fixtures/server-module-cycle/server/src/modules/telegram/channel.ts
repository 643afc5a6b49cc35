// Fixture: telegram → alerts, closing the loop alerts → telegram (no file imports itself back).
import { destinationAdded } from "../alerts/destinations";

export const telegramChannel = { name: "telegram", link: () => destinationAdded("telegram") };
