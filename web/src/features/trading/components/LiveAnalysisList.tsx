// 'Live Analysis' card: the running analyses with a refresh button, or 'No active analyses running.'
import { useQueryClient } from "@tanstack/react-query";
import { Activity, RefreshCw } from "lucide-react";
import { Badge } from "@web/components/ui/Badge";
import { Card, CardHeader, CardTitle } from "@web/components/ui/Card";
import { cn } from "@web/components/ui/cn";
import { Spinner } from "@web/components/ui/Spinner";
import { serverMessage } from "@web/lib/api";
import { analysisKeys } from "@web/entities/analysis/api/keys";
import type { Analysis } from "@web/entities/analysis/api/decode-analysis";
import { LiveAnalysisItem } from "./LiveAnalysisItem";

export function LiveAnalysisList(props: {
  items: readonly Analysis[];
  updatedAt: number;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRefresh: () => void;
}) {
  const qc = useQueryClient();
  const refresh = () => {
    props.onRefresh();
    // Details of every listed analysis too (a detail's key also reaches its reasoning).
    for (const a of props.items) void qc.invalidateQueries({ queryKey: analysisKeys.detail(a.id) });
  };
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <Activity className="size-4 text-accent" aria-hidden />
          <CardTitle>Live Analysis</CardTitle>
          {props.items.length > 0 ? <Badge tone="accent">{props.items.length} running</Badge> : null}
        </div>
        <button
          type="button"
          onClick={refresh}
          aria-label="Refresh live analyses"
          title="Refresh"
          className="grid size-8 place-items-center rounded-md text-muted hover:bg-white/5 hover:text-ink"
        >
          <RefreshCw className={cn("size-4", props.fetching && "animate-spin")} aria-hidden />
        </button>
      </CardHeader>
      <div className="p-4">
        {props.loading ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading live analyses" />
          </div>
        ) : props.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-line-strong py-8 text-center">
            <p className="text-sm text-muted">No active analyses running.</p>
            {props.error ? <p className="text-xs text-negative">{serverMessage(props.error) ?? "Live analyses could not be loaded."}</p> : null}
          </div>
        ) : (
          <ul className="space-y-3">
            {props.items.map((a) => (
              <LiveAnalysisItem key={a.id} analysis={a} listUpdatedAt={props.updatedAt} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
