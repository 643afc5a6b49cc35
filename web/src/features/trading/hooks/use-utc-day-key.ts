// The current UTC day key of the Day Signal card, re-rendering at each UTC midnight.
import { useEffect, useState } from "react";
import { msUntilNextUtcMidnight, utcDayKey } from "../model/utc-day";

export function useUtcDayKey(): string {
  const [key, setKey] = useState(() => utcDayKey(Date.now()));
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-armed by each new key
  useEffect(() => {
    // A little past midnight so the new key is certainly the next day; re-armed by the key change.
    const id = setTimeout(() => setKey(utcDayKey(Date.now())), msUntilNextUtcMidnight(Date.now()) + 50);
    return () => clearTimeout(id);
  }, [key]);
  return key;
}
