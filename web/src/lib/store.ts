// The app's one jotai store and the only module that imports jotai (Biome's noRestrictedImports holds the rest to it):
// <Provider> mounts the store, code outside React (request layer, session refresh, toast()) uses get/set, and the
// atoms and hooks every slice needs are re-exported from here.
import { createStore } from "jotai";

export const appStore = createStore();

export { atom, Provider as StoreProvider, type PrimitiveAtom, useAtomValue, useSetAtom } from "jotai";
