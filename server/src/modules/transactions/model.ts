// Shapes of the transactions module: the ledger row is the contract's (core/contract/credits), the list's query is ours.
import { t } from "elysia";

export { transactionSchema } from "@core/contract/credits";

export const transactionsQuery = t.Object({ limit: t.Optional(t.String({ description: "1..1000, default 100" })) });
