// Fixture: the analysis entity's query keys.
export const analysisKeys = { all: ["analysis"] as const };
