// The stat cards' numbers as the cards read them; the server computes them (GET /api/signals/stats), nothing here counts.
// The Used and Returned Credits totals are not here: spec 02 §3 reads them from the usage call (entities/user/model/credit-usage).
export type DayPoint = { date: string; value: number };
export type DashboardStats = {
  totalSignals: { value: number; trendPercent: number | null; last7: number; previous7: number; series: DayPoint[] };
  liveAnalyses: { value: number; completed: number; series: DayPoint[] };
  usedCredits: { today: number; series: DayPoint[] };
  returnedCredits: { ratio: number; series: DayPoint[] };
};
