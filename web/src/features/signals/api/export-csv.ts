// GET /api/signals/export.csv: the dashboard's rows under its filters as a CSV file, saved through a temporary link.
import { useMutation } from "@tanstack/react-query";
import type { ListFilters } from "@web/entities/analysis/api/keys";
import { apiDownload } from "@web/lib/api";
import { filterParams } from "../model/paging";

export const exportCsvPath = (filters: ListFilters) => {
  const q = filterParams(filters).toString();
  return `/api/signals/export.csv${q ? `?${q}` : ""}`;
};

/** Fetches the file (the token is in memory, so a bare link cannot) and hands it to the browser as a download. */
export async function downloadSignalsCsv(filters: ListFilters): Promise<string> {
  const { blob, filename } = await apiDownload(exportCsvPath(filters));
  const name = filename ?? "tradewind-signals.csv";
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download by now; the object URL is only needed for that.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export const useExportCsv = () => useMutation({ mutationFn: downloadSignalsCsv });
