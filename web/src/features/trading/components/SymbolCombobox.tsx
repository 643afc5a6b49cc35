// Symbol search combobox (spec 02 §2, §5): ranked dropdown of at most 60 pairs, keyboard navigation, highlighted matches,
// stars; pairs the market data cannot serve stay listed, greyed, with the server's reason.
import { Search, Star } from "lucide-react";
import { useId, useMemo } from "react";
import { cn } from "@web/components/ui/cn";
import { pairOptionId, usePairCombobox, type PairComboboxInput } from "../hooks/use-pair-combobox";
import { DROPDOWN_LIMIT, highlightParts, type SymbolMatch } from "../model/symbol-search";

const QUOTE = "USDT";

/** Matched letters marked; the quote currency dimmed so the base asset reads first (all of it dimmed when `muted`). */
function SymbolText({ match, muted }: { match: SymbolMatch; muted?: boolean }) {
  const baseLength = match.symbol.endsWith(QUOTE) ? match.symbol.length - QUOTE.length : match.symbol.length;
  let offset = 0;
  return (
    <span className="font-mono text-[13px] tracking-tight">
      {highlightParts(match.symbol, match.indices).map((part, i) => {
        const start = offset;
        offset += part.text.length;
        if (part.hit)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
            <mark key={i} className={cn("rounded-[3px] px-px", muted ? "bg-white/10 text-muted" : "bg-accent/20 text-accent-strong")}>
              {part.text}
            </mark>
          );
        // An unmatched run may straddle base and quote: split it at the boundary.
        const cut = Math.max(0, Math.min(part.text.length, baseLength - start));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
          <span key={i}>
            <span className={muted ? "text-muted" : "text-ink"}>{part.text.slice(0, cut)}</span>
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
      className={cn(
        "grid size-7 shrink-0 place-items-center rounded-md transition-colors hover:bg-white/5 disabled:opacity-40 disabled:hover:bg-transparent",
        active ? "text-amber-300" : "text-faint hover:text-muted",
        className,
      )}
    >
      <Star className={cn("size-4", active && "fill-amber-300")} aria-hidden />
    </button>
  );
}

/** One option: the pair, and for a pair the market data cannot serve its reason, greyed but still selectable. */
function PairOption(props: {
  id: string;
  match: SymbolMatch;
  active: boolean;
  reason: string | undefined;
  favorite: boolean;
  onHover: () => void;
  onChoose: () => void;
  onToggleFavorite: (symbol: string) => void;
}) {
  const { match: m, reason } = props;
  return (
    // The ARIA 1.2 combobox: focus stays in the input, which moves aria-activedescendant and handles the keys.
    // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant
    // biome-ignore lint/a11y/useKeyWithClickEvents: the input's onKeyDown handles Enter and the arrows
    <div
      id={props.id}
      role="option"
      aria-selected={props.active}
      data-unavailable={reason ? "true" : undefined}
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={props.onHover}
      onClick={props.onChoose}
      className={cn(
        "flex cursor-pointer items-center justify-between gap-2 rounded-md py-1 pl-3 pr-1",
        props.active ? "bg-accent/10" : "hover:bg-white/[0.03]",
      )}
    >
      {/* The reason wraps under the pair on a narrow screen rather than being cut. */}
      <span className="flex min-w-0 flex-wrap items-baseline gap-x-2.5 gap-y-0.5 py-0.5">
        <SymbolText match={m} muted={reason !== undefined} />
        {reason ? <span className="rounded border border-line-strong px-1.5 text-[10.5px] leading-4 text-faint">{reason}</span> : null}
      </span>
      <span className="flex shrink-0 items-center gap-1">
        {m.favorite ? <span className="text-[10px] font-semibold uppercase tracking-wide text-amber-300/80">Fav</span> : null}
        <StarButton symbol={m.symbol} active={props.favorite} onToggle={props.onToggleFavorite} />
      </span>
    </div>
  );
}

export type SymbolComboboxProps = PairComboboxInput & {
  onChange: (value: string) => void;
  /** Listed pairs that cannot be analysed here, with the reason shown beside them. */
  unavailable: ReadonlyMap<string, string>;
  onToggleFavorite: (symbol: string) => void;
};

export function SymbolCombobox(props: SymbolComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (symbol: string) => pairOptionId(id, symbol);
  const box = usePairCombobox(props, id);
  const favSet = useMemo(() => new Set(props.favorites), [props.favorites]);
  const activeMatch = box.open ? box.matches[box.active] : undefined;
  return (
    <div className="relative">
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-faint" aria-hidden />
        <input
          id="symbol-search"
          role="combobox"
          aria-label="Trading pair"
          aria-expanded={box.open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeMatch ? optionId(activeMatch.symbol) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search pair, e.g. BTC"
          value={props.value}
          onChange={(e) => {
            props.onChange(e.target.value);
            box.setOpen(true);
          }}
          onFocus={() => box.setOpen(true)}
          onClick={() => box.setOpen(true)}
          onBlur={() => box.setOpen(false)}
          onKeyDown={box.onKeyDown}
          className="h-11 w-full rounded-lg border border-line-strong bg-bg/60 pl-9 pr-3 font-mono text-sm uppercase tracking-tight text-ink placeholder:font-sans placeholder:normal-case placeholder:tracking-normal placeholder:text-faint hover:border-faint focus:border-accent/70 focus:outline-none focus:ring-2 focus:ring-accent/20"
        />
      </div>
      {box.open ? (
        <div className="absolute inset-x-0 top-full z-30 mt-1.5 overflow-hidden rounded-lg border border-line-strong bg-surface-2 shadow-2xl shadow-black/60">
          <div id={listId} role="listbox" aria-label="Matching pairs" className="max-h-80 overflow-y-auto overscroll-contain p-1">
            {box.matches.length === 0 ? (
              <div role="presentation" className="px-3 py-6 text-center text-sm text-muted">
                No matches
              </div>
            ) : (
              box.matches.map((m, i) => (
                <PairOption
                  key={m.symbol}
                  id={optionId(m.symbol)}
                  match={m}
                  active={i === box.active}
                  reason={props.unavailable.get(m.symbol)}
                  favorite={favSet.has(m.symbol)}
                  onHover={() => box.setActive(i)}
                  onChoose={() => box.choose(m.symbol)}
                  onToggleFavorite={props.onToggleFavorite}
                />
              ))
            )}
          </div>
          {box.total > DROPDOWN_LIMIT ? (
            <p className="border-t border-line px-3 py-1.5 text-[11px] text-faint">
              Showing {DROPDOWN_LIMIT} of {box.total} pairs — keep typing to narrow.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
