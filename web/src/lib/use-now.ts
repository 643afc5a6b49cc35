// A clock that re-renders its component every `stepMs` (countdowns, rotating phase messages); idle when not `enabled`.
import { useEffect, useState } from "react";

export function useNow(stepMs = 1_000, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  const [wasEnabled, setWasEnabled] = useState(enabled);
  // Switched on after idling: read the time again during this render, so the first frame is not an old moment's.
  if (enabled !== wasEnabled) {
    setWasEnabled(enabled);
    if (enabled) setNow(Date.now());
  }
  useEffect(() => {
    if (!enabled) return;
    const id = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(id);
  }, [stepMs, enabled]);
  return now;
}
