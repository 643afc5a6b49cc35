// GET /api/signals/export.csv: the dashboard's rows under its filters as a CSV file, saved through a temporary link.
import { useMutation } from "@tanstack/react-query";
import type { ListFilters } from "@web/entities/analysis/api/keys";
import { saveDownload } from "@web/lib/download";
import { filterParams } from "../model/paging";

export const exportCsvPath = (filters: ListFilters) => {
  const q = filterParams(filters).toString();
  return `/api/signals/export.csv${q ? `?${q}` : ""}`;
};

/** Fetches the file (the token is in memory, so a bare link cannot) and hands it to the browser as a download. */
export const downloadSignalsCsv = (filters: ListFilters): Promise<string> => saveDownload(exportCsvPath(filters), "tradewind-signals.csv");

export const useExportCsv = () => useMutation({ mutationFn: downloadSignalsCsv });
