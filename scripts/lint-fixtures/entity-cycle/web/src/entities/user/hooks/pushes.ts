// Fixture (breaks web-entities-import-one-way): user → analysis, while analysis → user.
import { analysisKeys } from "../../analysis/api/keys";
import { creditKeys } from "../api/keys";

export const refreshedOnPush = [analysisKeys.all, creditKeys.all];
