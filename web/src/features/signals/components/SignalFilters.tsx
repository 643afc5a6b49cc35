// Table filters: symbol text search, signal type and time range (spec 02 §2 labels).
import { Search } from "lucide-react";
import { Input } from "@web/components/ui/Input";
import { Select } from "@web/components/ui/Select";
import { RANGE_OPTIONS, TYPE_OPTIONS, type Filters } from "../model/rows";

/** The option equal to `v`, or the current value when `v` is not one of them. */
const pick = <T extends string>(options: readonly T[], v: string, current: T): T => options.find((o) => o === v) ?? current;

/** The filter reads as the badges do: the value stays NO_TRADE (spec 02 §2), the text is "NO TRADE". */
const TYPE_LABELS = { NO_TRADE: "NO TRADE" } as const;

export function SignalFilters({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <div className="relative sm:w-72">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-faint" aria-hidden />
        <Input
          aria-label="Search symbol"
          placeholder="Search symbol e.g. BTC"
          value={value.symbol}
          onChange={(e) => onChange({ ...value, symbol: e.target.value })}
          className="h-9 pl-9"
        />
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <div className="sm:w-36">
          <label htmlFor="filter-type" className="sr-only">
            Signal type
          </label>
          <Select
            id="filter-type"
            value={value.type}
            options={TYPE_OPTIONS}
            labels={TYPE_LABELS}
            onValueChange={(v) => onChange({ ...value, type: pick(TYPE_OPTIONS, v, value.type) })}
            className="h-9"
          />
        </div>
        <div className="sm:w-36">
          <label htmlFor="filter-range" className="sr-only">
            Time range
          </label>
          <Select
            id="filter-range"
            value={value.range}
            options={RANGE_OPTIONS}
            onValueChange={(v) => onChange({ ...value, range: pick(RANGE_OPTIONS, v, value.range) })}
            className="h-9"
          />
        </div>
      </div>
    </div>
  );
}
