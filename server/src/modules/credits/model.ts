// Response shapes of GET /api/credits/usage and /api/credits/balance (the contract's).
export { balanceSchema, usageSchema } from "@core/contract/credits";
