// The pricing cards show what checkout charges: every paid plan's price and credits equal the server's pack table.
import { expect, test } from "bun:test";
import { PACK_IDS, PACKS } from "@core/ledger/packs";
import { PLANS } from "./plans";

test("paid plans and the server's packs agree on name, price and credits", () => {
  const paid = PLANS.filter((p) => p.id !== "free").map((p) => ({ id: p.id, name: p.name, cents: Math.round(p.price * 100), credits: p.credits }));
  expect(paid).toEqual(PACK_IDS.map((id) => ({ id, name: PACKS[id].name, cents: PACKS[id].cents, credits: PACKS[id].credits })));
});
