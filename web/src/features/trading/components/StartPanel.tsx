// 'New Analysis' panel: symbol combobox, favorites (star, Favorites Only, counter, quick-start chips) and the main button.
import { Rocket, Zap } from "lucide-react";
import { useState } from "react";
import { Button } from "@web/components/ui/Button";
import { Card, CardHeader, CardTitle } from "@web/components/ui/Card";
import { Checkbox } from "@web/components/ui/Checkbox";
import { Dialog, DialogClose, DialogContent } from "@web/components/ui/Dialog";
import { favoritesCounter, quickChips } from "../model/favorites";
import type { Pairs } from "../api/decode-pairs";
import type { RunningCap } from "../model/running-cap";
import { normalizeSymbolInput } from "../model/symbol-search";
import { StartAction } from "./StartAction";
import { StarButton, SymbolCombobox } from "./SymbolCombobox";

export function StartPanel(props: {
  input: string;
  onInput: (value: string) => void;
  onInvalid: (symbol: string) => void;
  pairs: Pairs;
  favorites: readonly string[];
  favoritesOnly: boolean;
  onFavoritesOnly: (v: boolean) => void;
  onToggleFavorite: (symbol: string) => void;
  /** Null while the balance is unknown. */
  credits: number | null;
  pending: boolean;
  cap: RunningCap;
  onStart: () => void;
  onQuickStart: (symbol: string) => void;
}) {
  const symbol = normalizeSymbolInput(props.input);
  const known = props.pairs.symbols.includes(symbol);
  const chips = quickChips(props.favorites);
  const noCredits = props.credits !== null && props.credits <= 0;
  // A chip is one tap from spending a credit: it asks first.
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <Zap className="size-4 text-accent" aria-hidden />
          <CardTitle>New Analysis</CardTitle>
        </div>
        <span className="text-xs text-muted">1 credit per analysis</span>
      </CardHeader>
      <div className="space-y-4 p-4 sm:p-5">
        <div>
          <label htmlFor="symbol-search" className="text-[13px] font-medium text-muted">
            Trading pair
          </label>
          <div className="mt-1.5 flex items-center gap-2">
            <div className="min-w-0 flex-1">
              <SymbolCombobox
                value={props.input}
                onChange={props.onInput}
                onSelect={props.onInput}
                onInvalid={props.onInvalid}
                symbols={props.pairs.symbols}
                unavailable={props.pairs.unavailable}
                favorites={props.favorites}
                favoritesOnly={props.favoritesOnly}
                onToggleFavorite={props.onToggleFavorite}
              />
            </div>
            <StarButton
              symbol={known ? symbol : "the chosen pair"}
              active={known && props.favorites.includes(symbol)}
              disabled={!known}
              onToggle={props.onToggleFavorite}
              className="size-11 rounded-lg border border-line-strong bg-bg/60"
            />
          </div>
          <div className="mt-2.5 flex items-center justify-between gap-3">
            <Checkbox id="favorites-only" checked={props.favoritesOnly} onCheckedChange={props.onFavoritesOnly} label="Favorites Only" />
            <span className="num text-xs text-muted" role="status" aria-label="Favorites count">
              {favoritesCounter(props.favorites.length)}
            </span>
          </div>
        </div>

        <div className="rounded-lg border border-line bg-bg/40 px-3 py-2.5">
          {chips.length > 0 ? (
            <>
              <p className="text-[11px] font-medium uppercase tracking-wide text-faint">Quick start · Tap to auto-start</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {chips.map((s) => (
                  <button
                    key={s}
                    type="button"
                    disabled={props.pending || props.cap.blocked}
                    onClick={() => setConfirming(s)}
                    aria-label={`Quick start ${s}`}
                    className="inline-flex h-8 items-center gap-1.5 rounded-full border border-line-strong bg-surface-2 px-3 font-mono text-xs font-semibold text-ink transition-colors hover:border-accent/60 hover:text-accent-strong disabled:opacity-50"
                  >
                    <Rocket className="size-3.5 text-accent" aria-hidden />
                    {s}
                  </button>
                ))}
              </div>
            </>
          ) : (
            <p className="text-xs text-muted">Add favorites using star icon →</p>
          )}
        </div>

        <StartAction
          symbol={symbol}
          unavailableReason={props.pairs.unavailable.get(symbol)}
          noCredits={noCredits}
          pending={props.pending}
          cap={props.cap}
          onStart={props.onStart}
        />
        <p className="text-xs leading-relaxed text-faint">
          One credit is held at start. It is used when a LONG or SHORT signal is issued and returned when the result is No Trade.
        </p>
      </div>
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        {confirming !== null ? (
          <DialogContent
            title={`Start ${confirming}?`}
            description="1 credit is held now. It is used if a LONG or SHORT signal is issued and returned if the result is No Trade."
          >
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
              <Button
                onClick={() => {
                  setConfirming(null);
                  props.onQuickStart(confirming);
                }}
              >
                Start Analysis
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  );
}
