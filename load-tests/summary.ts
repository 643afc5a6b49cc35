// k6 handleSummary shared by the scripts: the full end-of-test summary as JSON (SUMMARY=<file> moves it) and one line per threshold on stdout.

type ThresholdResults = Record<string, { ok: boolean }>;
type SummaryData = { metrics: Record<string, { thresholds?: ThresholdResults; values?: Record<string, number> }> };

/** What k6 writes at the end of a run: `<script>-summary.json` (or SUMMARY) and the thresholds, pass or fail. */
export function summaryFiles(data: SummaryData, script: string): Record<string, string> {
  const lines: string[] = [];
  for (const [metric, m] of Object.entries(data.metrics))
    for (const [threshold, result] of Object.entries(m.thresholds ?? {}))
      lines.push(`${result.ok ? "✓" : "✗"} ${metric}: ${threshold}${m.values ? `  (${summaryValues(m.values)})` : ""}`);
  const file = __ENV.SUMMARY || `${script}-summary.json`;
  return { [file]: JSON.stringify(data, null, 2), stdout: `thresholds (${file}):\n${lines.join("\n")}\n` };
}

const summaryValues = (values: Record<string, number>) =>
  Object.entries(values)
    .filter(([k]) => ["p(95)", "p(99)", "rate", "count", "avg"].includes(k))
    .map(([k, v]) => `${k}=${Math.round(v * 1000) / 1000}`)
    .join(" ");
