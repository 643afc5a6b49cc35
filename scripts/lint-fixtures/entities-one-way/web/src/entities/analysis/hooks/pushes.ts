// Fixture (holds web-entities-import-one-way): the hook naming both entities' keys lives in the upper one.
import { creditKeys } from "../../user/api/keys";
import { analysisKeys } from "../api/keys";

export const refreshedOnPush = [analysisKeys.all, creditKeys.all];
