// Shapes of GET /api/public/model: declared once in core/contract/model.ts, re-exported for the module.
export { publicModelQuery, publicModelSchema, type PublicModel } from "@core/contract/model";
export { errorSchema } from "../public/model";
