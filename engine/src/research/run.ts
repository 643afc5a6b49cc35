// The shared first half of model:cv and model:fit: load every era, build the panel, walk every family over every geometry.
import { resolve } from "node:path";
import { loadFolders } from "../analysis/model/dataset";
import type { Combo } from "./cv";
import { GEOMETRY_GRID } from "./grid";
import { buildPanel, clocksOf } from "./panel";
import { gbdtFamily, softmaxFamily, walkForward } from "./walkforward";

export const DEFAULT_FOLDERS = ["../shared/data/market/spot/1h-2017-2021", "../shared/data/market/spot/1h"];
export const FAMILIES = [gbdtFamily, softmaxFamily];

export function researchRun(folders: string[], stride: number, familyNames: string[], log: (m: string) => void, minTrainEvals?: number) {
  const families = FAMILIES.filter((f) => familyNames.includes(f.name));
  const data = loadFolders(folders.map((d) => resolve(process.cwd(), d)));
  const withFunding = data.filter((d) => d.funding.length).length;
  log(`${data.length} pairs from ${folders.join(", ")}; funding recorded for ${withFunding} (the others' shorts pay no funding in costs)`);
  const panel = buildPanel(data, clocksOf(data, stride), GEOMETRY_GRID, log);
  log(`panel: ${panel.evals} evaluations × 2 sides, ${panel.d} inputs, geometries ${JSON.stringify(GEOMETRY_GRID)}`);
  const combos: Combo[] = [];
  for (const family of families)
    GEOMETRY_GRID.forEach((_, g) => {
      log(`walk-forward: ${family.name}, geometry ${g}`);
      combos.push({ family: family.name, g, wf: walkForward(panel, g, family, log, minTrainEvals) });
    });
  return { panel, combos, families };
}
