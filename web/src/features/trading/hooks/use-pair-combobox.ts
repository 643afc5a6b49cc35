// The pair combobox's state (spec 02 §2, §5): open or not, the highlighted match, the ranked matches (at most 60 shown,
// all counted), and its keys: arrows move, Enter picks the highlighted or typed pair, Escape closes.
import { useEffect, useMemo, useState, type KeyboardEvent } from "react";
import { DROPDOWN_LIMIT, normalizeSymbolInput, searchSymbols } from "../model/symbol-search";

export type PairComboboxInput = {
  value: string;
  onSelect: (symbol: string) => void;
  /** Enter on text that names no supported pair. */
  onInvalid: (symbol: string) => void;
  symbols: readonly string[];
  favorites: readonly string[];
  favoritesOnly: boolean;
};

/** The DOM id of an option, under the combobox's own id prefix. */
export const pairOptionId = (prefix: string, symbol: string) => `${prefix}-opt-${symbol}`;

export function usePairCombobox(props: PairComboboxInput, idPrefix: string) {
  const { value, onSelect, onInvalid, symbols, favorites, favoritesOnly } = props;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // Every match is ranked so the footer can say how many the cap of 60 leaves out.
  const ranked = useMemo(
    () => searchSymbols(value, symbols, favorites, { favoritesOnly, limit: Number.POSITIVE_INFINITY }),
    [value, symbols, favorites, favoritesOnly],
  );
  const matches = useMemo(() => ranked.slice(0, DROPDOWN_LIMIT), [ranked]);

  // A new query starts again from the best match.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is the reset on a new query, keyed on it
  useEffect(() => setActive(0), [value, favoritesOnly]);

  useEffect(() => {
    if (!open) return;
    const symbol = matches[active]?.symbol;
    if (symbol) document.getElementById(pairOptionId(idPrefix, symbol))?.scrollIntoView({ block: "nearest" });
  }, [active, open, matches, idPrefix]);

  const choose = (symbol: string) => {
    onSelect(symbol);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (matches.length === 0) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + matches.length) % matches.length);
    } else if (e.key === "Enter") {
      e.preventDefault();
      const highlighted = open ? matches[active] : undefined;
      if (highlighted) return choose(highlighted.symbol);
      const typed = normalizeSymbolInput(value);
      if (typed === "") return;
      if (symbols.includes(typed)) choose(typed);
      else onInvalid(typed);
    } else if (e.key === "Escape") {
      if (open) {
        e.preventDefault();
        setOpen(false);
      }
    } else if (e.key === "Tab") {
      setOpen(false);
    }
  };

  return { open, setOpen, active, setActive, matches, total: ranked.length, choose, onKeyDown };
}
