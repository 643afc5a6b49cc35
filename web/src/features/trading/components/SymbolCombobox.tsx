// Symbol search combobox (spec 02 §2, §5): ranked dropdown of at most 60 pairs, keyboard navigation, highlighted matches, stars.
import { Search, Star } from "lucide-react";
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";
import { cn } from "@web/components/ui/cn";
import { DROPDOWN_LIMIT, highlightParts, normalizeSymbolInput, searchSymbols, type SymbolMatch } from "../hooks/symbol-search";

const QUOTE = "USDT";

/** Matched letters marked; the quote currency dimmed so the base asset reads first. */
function SymbolText({ match }: { match: SymbolMatch }) {
  const baseLength = match.symbol.endsWith(QUOTE) ? match.symbol.length - QUOTE.length : match.symbol.length;
  let offset = 0;
  return (
    <span className="font-mono text-[13px] tracking-tight">
      {highlightParts(match.symbol, match.indices).map((part, i) => {
        const start = offset;
        offset += part.text.length;
        if (part.hit) return <mark key={i} className="rounded-[3px] bg-accent/20 px-px text-accent-strong">{part.text}</mark>;
        // An unmatched run may straddle base and quote: split it at the boundary.
        const cut = Math.max(0, Math.min(part.text.length, baseLength - start));
        return (
          <span key={i}>
            <span className="text-ink">{part.text.slice(0, cut)}</span>
            <span className="text-faint">{part.text.slice(cut)}</span>
          </span>
        );
      })}
    </span>
  );
}

export function StarButton(props: { symbol: string; active: boolean; onToggle: (s: string) => void; disabled?: boolean; className?: string }) {
  const { symbol, active, onToggle, className } = props;
  return (
    <button
      type="button"
      disabled={props.disabled}
      aria-pressed={active}
      aria-label={active ? `Remove ${symbol} from favorites` : `Add ${symbol} to favorites`}
      title={active ? "Remove from favorites" : "Add to favorites"}
      // Keeps focus (and the open dropdown) on the input while starring.
      onMouseDown={(e) => e.preventDefault()}
      onClick={(e) => {
        e.stopPropagation();
        onToggle(symbol);
      }}
      className={cn("grid size-7 shrink-0 place-items-center rounded-md transition-colors hover:bg-white/5 disabled:opacity-40 disabled:hover:bg-transparent", active ? "text-amber-300" : "text-faint hover:text-muted", className)}
    >
      <Star className={cn("size-4", active && "fill-amber-300")} aria-hidden />
    </button>
  );
}

export function SymbolCombobox(props: {
  value: string;
  onChange: (value: string) => void;
  onSelect: (symbol: string) => void;
  /** Enter on text that names no supported pair. */
  onInvalid: (symbol: string) => void;
  symbols: readonly string[];
  favorites: readonly string[];
  favoritesOnly: boolean;
  onToggleFavorite: (symbol: string) => void;
}) {
  const { value, onChange, onSelect, onInvalid, symbols, favorites, favoritesOnly, onToggleFavorite } = props;
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => searchSymbols(value, symbols, favorites, { favoritesOnly }), [value, symbols, favorites, favoritesOnly]);
  const favSet = useMemo(() => new Set(favorites), [favorites]);
  const optionId = (symbol: string) => `${id}-opt-${symbol}`;

  // A new query starts again from the best match.
  useEffect(() => setActive(0), [value, favoritesOnly]);

  useEffect(() => {
    if (!open) return;
    const symbol = matches[active]?.symbol;
    if (symbol) document.getElementById(`${id}-opt-${symbol}`)?.scrollIntoView({ block: "nearest" });
  }, [active, open, matches, id]);

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

  const activeMatch = open ? matches[active] : undefined;
  return (
    <div className="relative">
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-faint" aria-hidden />
        <input
          id="symbol-search"
          role="combobox"
          aria-label="Trading pair"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeMatch ? optionId(activeMatch.symbol) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search pair, e.g. BTC"
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="h-11 w-full rounded-lg border border-line-strong bg-bg/60 pl-9 pr-3 font-mono text-sm uppercase tracking-tight text-ink placeholder:font-sans placeholder:normal-case placeholder:tracking-normal placeholder:text-faint hover:border-faint focus:border-accent/70 focus:outline-none focus:ring-2 focus:ring-accent/20"
        />
      </div>
      {open ? (
        <div className="absolute inset-x-0 top-full z-30 mt-1.5 overflow-hidden rounded-lg border border-line-strong bg-surface-2 shadow-2xl shadow-black/60">
          <ul id={listId} role="listbox" aria-label="Matching pairs" className="max-h-80 overflow-y-auto overscroll-contain p-1">
            {matches.length === 0 ? (
              <li role="presentation" className="px-3 py-6 text-center text-sm text-muted">
                No matches
              </li>
            ) : (
              matches.map((m, i) => (
                <li
                  key={m.symbol}
                  id={optionId(m.symbol)}
                  role="option"
                  aria-selected={i === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseMove={() => setActive(i)}
                  onClick={() => choose(m.symbol)}
                  className={cn("flex cursor-pointer items-center justify-between gap-2 rounded-md py-1 pl-3 pr-1", i === active ? "bg-accent/10" : "hover:bg-white/[0.03]")}
                >
                  <SymbolText match={m} />
                  <span className="flex items-center gap-1">
                    {m.favorite ? <span className="text-[10px] font-semibold uppercase tracking-wide text-amber-300/80">Fav</span> : null}
                    <StarButton symbol={m.symbol} active={favSet.has(m.symbol)} onToggle={onToggleFavorite} />
                  </span>
                </li>
              ))
            )}
          </ul>
          {matches.length >= DROPDOWN_LIMIT ? (
            <p className="border-t border-line px-3 py-1.5 text-[11px] text-faint">Showing the first {DROPDOWN_LIMIT} matches — keep typing to narrow.</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
