// GET /api/public/model (?version=): the model version serving now, how old it is in market days and what it did since it went live.
import { Elysia } from "elysia";
import type { ServerDeps } from "../../deps";
import { errorSchema, publicModelQuery, publicModelSchema } from "./model";
import { type MarketClock, marketClock, modelService } from "./service";

export const modelModule = (deps: ServerDeps, opts: { clock?: MarketClock } = {}) => {
  const read = modelService(deps, opts.clock ?? marketClock(deps));
  return new Elysia({ prefix: "/api/public", tags: ["public"] }).get("/model", ({ query }) => read(query), {
    query: publicModelQuery,
    response: { 200: publicModelSchema, 400: errorSchema, 404: errorSchema },
    detail: {
      summary: "The model version serving at the market clock (or ?version=), its age in market days and its forward record",
      description:
        "Forward: the stored outcomes of the LONG/SHORT signals whose context names the version; the excess is over always-long on the same entries.",
    },
  });
};
