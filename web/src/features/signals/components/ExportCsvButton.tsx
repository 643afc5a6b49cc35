// "Export CSV" beside the dashboard filters: the signal history with outcomes under the current filters.
import { Download } from "lucide-react";
import { Button } from "@web/components/ui/Button";
import { toast } from "@web/components/ui/toast-store";
import { serverMessage } from "@web/lib/api";
import { useExportCsv } from "../api/export-csv";
import { serverFilters } from "../model/paging";
import type { Filters } from "../model/rows";

export function ExportCsvButton({ filters }: { filters: Filters }) {
  const exporter = useExportCsv();
  const run = () =>
    exporter.mutate(serverFilters(filters), {
      onSuccess: (name) => toast({ title: "Export ready", description: `${name} is downloading.`, variant: "success" }),
      onError: (err) => toast({ title: "Export failed", description: serverMessage(err) ?? "Could not export the signals.", variant: "destructive" }),
    });
  return (
    <Button variant="secondary" size="sm" className="h-9" onClick={run} disabled={exporter.isPending} data-testid="export-csv">
      <Download className="size-4" aria-hidden />
      {exporter.isPending ? "Exporting…" : "Export CSV"}
    </Button>
  );
}
