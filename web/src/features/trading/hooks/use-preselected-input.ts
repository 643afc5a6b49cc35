// The pair input of Start Trading, filled in from a `?symbol=` link (e.g. a No Trade's alternatives); it never starts anything.
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { PRESELECT_PARAM, preselectedSymbol } from "@web/entities/signal/model/start-trading-link";

export function usePreselectedInput(supported: ReadonlySet<string>) {
  const [search, setSearch] = useSearchParams();
  const preselect = preselectedSymbol(search, supported);
  const [input, setInput] = useState(() => preselect ?? "");
  useEffect(() => {
    if (!search.has(PRESELECT_PARAM)) return;
    if (preselect) setInput(preselect);
    // Consumed, so the same link works again from this screen and later edits are not overwritten.
    setSearch(
      (s) => {
        s.delete(PRESELECT_PARAM);
        return s;
      },
      { replace: true },
    );
  }, [search, preselect, setSearch]);
  return [input, setInput] as const;
}
