// GET /api/results/export.csv: the results view's two tables (signals, months) as CSV files.
import { useMutation } from "@tanstack/react-query";
import { saveDownload } from "@web/lib/download";

export type ResultsTable = "signals" | "months";

export const resultsCsvPath = (table: ResultsTable) => `/api/results/export.csv?table=${table}`;

export const downloadResultsCsv = (table: ResultsTable) => saveDownload(resultsCsvPath(table), `tradewind-results-${table}.csv`);

export const useResultsCsv = () => useMutation({ mutationFn: downloadResultsCsv });
