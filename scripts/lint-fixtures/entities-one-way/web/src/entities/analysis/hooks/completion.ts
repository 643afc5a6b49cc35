// Fixture: analysis → user (the allowed direction).
import { creditKeys } from "../../user/api/keys";

export const refreshedOnCompletion = [creditKeys.all];
