// Tolerant JSON readers: re-exported from the shared web/src/lib/read so every feature uses one definition.
export { isObj, num, str, unwrap, type Obj } from "@web/lib/read";
