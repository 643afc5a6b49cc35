// The app's one jotai store: <Provider> mounts it, and code outside React (request layer, session refresh, toast()) uses get/set.
import { createStore } from "jotai";

export const appStore = createStore();
