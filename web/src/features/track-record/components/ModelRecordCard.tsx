// The model serving now (About page): its version, its age against MODEL_MAX_AGE_DAYS and its forward record since it went live.
import { Clock } from "lucide-react";
import { useModelRecord } from "../api/model";
import { forwardText, modelAgeText, NO_MODEL_TEXT } from "../model/model-text";

export function ModelRecordCard() {
  const { data, isPending, isError } = useModelRecord();
  if (isPending || isError) return null;
  return (
    <section
      data-testid="model-record"
      aria-labelledby="model-record-title"
      className="mt-10 flex gap-3 rounded-xl border border-line bg-surface p-5"
    >
      <Clock className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
      <div className="min-w-0">
        <h2 id="model-record-title" className="text-base font-semibold">
          The model serving now
        </h2>
        {data ? (
          <>
            <p className="mt-1 break-all font-mono text-xs text-muted" data-testid="model-version">
              {data.version}
            </p>
            <p className="num mt-2 text-sm leading-relaxed text-muted" data-testid="model-age">
              {modelAgeText(data)}
            </p>
            <p className="num mt-1 text-sm leading-relaxed text-muted" data-testid="model-forward">
              {forwardText(data)}
            </p>
          </>
        ) : (
          <p className="mt-1 text-sm text-muted">{NO_MODEL_TEXT}</p>
        )}
      </div>
    </section>
  );
}
