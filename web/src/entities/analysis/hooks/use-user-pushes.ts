// While signed in, the tab's shared socket carries "user_changed" whenever the user's analyses, signals, credits or
// favorites change (core/user-version): their lists are re-read at once, in full (their held tags are dropped).
// It lives in analysis, not user: it names analysis and user keys, and entities import one way (analysis → user).
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { forgetTags } from "@web/lib/api";
import { holdSocket } from "@web/lib/live-socket";
import { useIsSignedIn } from "@web/lib/session";
import { creditKeys, userKeys } from "@web/entities/user/api/keys";
import { signalKeys } from "@web/entities/signal/api/keys";
import { analysisKeys } from "../api/keys";

/** What a change of the user's own data can touch; only the queries on screen refetch, the rest are marked stale. */
export const userChangedKeys = (): QueryKey[] => [analysisKeys.all, signalKeys.all, creditKeys.all, userKeys.favorites(), userKeys.stats()];

export function useUserPushes() {
  const qc = useQueryClient();
  const signedIn = useIsSignedIn();
  useEffect(() => {
    if (!signedIn) return;
    const refresh = () => {
      forgetTags();
      for (const queryKey of userChangedKeys()) void qc.invalidateQueries({ queryKey });
    };
    return holdSocket({ onMessage: (msg) => msg.type === "user_changed" && refresh(), onReopen: refresh });
  }, [qc, signedIn]);
}
