// Fixture: the user entity's query keys.
export const creditKeys = { all: ["credits"] as const };
