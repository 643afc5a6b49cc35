// The stat cards' numbers as the cards read them; the server computes them (GET /api/signals/stats), nothing here counts.
export type DayPoint = { date: string; value: number };
export type DashboardStats = {
  totalSignals: { value: number; trendPercent: number | null; last7: number; previous7: number; series: DayPoint[] };
  liveAnalyses: { value: number; completed: number; series: DayPoint[] };
  usedCredits: { value: number; today: number; series: DayPoint[] };
  returnedCredits: { value: number; ratio: number; series: DayPoint[] };
};
