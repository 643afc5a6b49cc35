// A clock that re-renders its component every `stepMs` (countdowns, rotating phase messages).
import { useEffect, useState } from "react";

export function useNow(stepMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(id);
  }, [stepMs]);
  return now;
}
