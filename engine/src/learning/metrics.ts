// The champion's age as a gauge, read at scrape from the registry at the market clock (every engine exports it).
import type { Sql } from "@core/infra/db";
import { modelChampionAge } from "@core/infra/metrics";
import { addCollector } from "@core/infra/metrics-collect";
import { ageDays, versionAt } from "@core/model/versions";
import type { MarketProvider } from "../market/providers/types";

export function watchChampionAge(sql: Sql, provider: Pick<MarketProvider, "now">) {
  return addCollector("model_champion_age", async () => {
    const clock = provider.now();
    const champion = await versionAt(sql, clock);
    if (champion) modelChampionAge.set(Math.round(ageDays(champion, clock) * 100) / 100);
    else modelChampionAge.reset();
  });
}
