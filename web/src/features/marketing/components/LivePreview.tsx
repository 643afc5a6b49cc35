// Landing 'Live Preview' (spec 02 §2): counts and up to 3 running analyses from GET /api/public/live.
import { Activity, Radio } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@web/components/ui/Badge";
import { ButtonLink } from "@web/components/ui/Button";
import { Card } from "@web/components/ui/Card";
import { ProgressBar } from "@web/components/ui/ProgressBar";
import { formatCount, formatUtcClock } from "@web/lib/format";
import { usePublicLive, type LiveAnalysis } from "../api/public-live";
import { Section, SectionHeading } from "@web/components/ui/Section";

const statusLabel = (s: string) =>
  /progress|running|process|generat/i.test(s)
    ? "Running"
    : s
        .replace(/_/g, " ")
        .toLowerCase()
        .replace(/^\w/, (c) => c.toUpperCase());

function LiveCard({ a }: { a: LiveAnalysis }) {
  const time = formatUtcClock(a.createdAt);
  return (
    <Card className="p-4" data-testid="live-card">
      <div className="flex items-center justify-between">
        <span className="num font-mono text-sm font-semibold">{a.symbol}</span>
        <Badge tone="accent">
          <span className="size-1.5 animate-pulse rounded-full bg-accent" aria-hidden />
          LIVE
        </Badge>
      </div>
      <div className="mt-3 flex items-center justify-between text-xs text-muted">
        <span>Started {time}</span>
        <span>{statusLabel(a.status)}</span>
      </div>
      <ProgressBar className="mt-3" value={a.progress} label={`${a.symbol} progress`} />
    </Card>
  );
}

function Count({ label, value }: { label: string; value: number | null | undefined }) {
  return (
    <div className="rounded-xl border border-line bg-surface px-5 py-4">
      <p className="num text-2xl font-semibold tracking-tight">{typeof value === "number" ? formatCount(value) : "—"}</p>
      <p className="mt-0.5 text-xs text-muted">{label}</p>
    </div>
  );
}

export function LivePreview() {
  const { data, isError } = usePublicLive();
  const live = data?.live ?? [];
  return (
    <Section id="live">
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <SectionHeading
          align="left"
          eyebrow="Live Preview"
          title="Analyses running right now"
          lead="Real requests from traders, shown without names. Each one runs three phases before a signal — or a refunded No Trade."
        />
        <div className="flex gap-2">
          <ButtonLink to="/start-trading">Start Trading</ButtonLink>
          <ButtonLink to="/dashboard" variant="secondary">
            Learn More
          </ButtonLink>
        </div>
      </div>
      <div className="mt-8 grid gap-4 lg:grid-cols-[280px_1fr]">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-1">
          <Count label={data?.signalsGenerated === 1 ? "Signal generated" : "Signals generated"} value={data?.signalsGenerated} />
          <Count label="Active analyses" value={data?.activeAnalyses} />
        </div>
        <Card className="p-5">
          <div className="flex items-center justify-between">
            <h3 className="flex items-center gap-2 text-sm font-semibold">
              <Radio className="size-4 text-accent" aria-hidden /> Live analyses
            </h3>
            <Link to="/dashboard" className="text-sm font-medium text-accent-strong hover:underline">
              See all signals
            </Link>
          </div>
          {live.length > 0 ? (
            <div className="mt-4 grid gap-3 sm:grid-cols-3">
              {live.map((a) => (
                <LiveCard key={a.id} a={a} />
              ))}
            </div>
          ) : (
            <div className="mt-4 flex flex-col items-center gap-3 rounded-lg border border-dashed border-line-strong py-10 text-center">
              <Activity className="size-6 text-faint" aria-hidden />
              <p className="text-sm font-medium">No live analyses</p>
              {isError ? <p className="text-xs text-faint">Live feed is unavailable at the moment.</p> : null}
              <ButtonLink to="/start-trading" size="sm">
                Generate Signal
              </ButtonLink>
            </div>
          )}
        </Card>
      </div>
    </Section>
  );
}
