// Optional LLM rephrasing of reasoning (any OpenAI-compatible endpoint, off unless LLM_BASE_URL is set); numbers stay ours.

export type LlmOptions = { baseUrl?: string; apiKey?: string; model?: string; timeoutMs?: number };

const NUMBER = /-?\d[\d,]*(?:\.\d+)?/g;

/** Every number in the text, normalised (grouping commas removed) and sorted, as a multiset. */
export function numbersIn(text: string): string[] {
  return (text.match(NUMBER) ?? []).map((n) => n.replace(/,/g, "")).sort();
}

export function sameNumbers(a: string, b: string): boolean {
  const x = numbersIn(a);
  const y = numbersIn(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/**
 * Returns the LLM's rephrasing only when it keeps exactly the same numbers as our text; on any difference,
 * error or timeout the original is returned, so a model can never invent a level, price or probability.
 */
export async function rewriteReasoning(text: string, opts: LlmOptions): Promise<string> {
  if (!opts.baseUrl) return text;
  try {
    const res = await fetch(`${opts.baseUrl.replace(/\/$/, "")}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
      body: JSON.stringify({
        model: opts.model ?? "default",
        temperature: 0,
        messages: [
          {
            role: "system",
            content:
              "Rephrase this trading analysis for a trader in clear English. Keep every number exactly as written; add no numbers, facts or advice.",
          },
          { role: "user", content: text },
        ],
      }),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
    if (!res.ok) return text;
    const body: unknown = await res.json();
    const content = extractContent(body);
    return content && sameNumbers(text, content) ? content.trim() : text;
  } catch {
    return text;
  }
}

function extractContent(body: unknown): string | null {
  if (typeof body !== "object" || body === null || !("choices" in body) || !Array.isArray(body.choices)) return null;
  const first: unknown = body.choices[0];
  if (typeof first !== "object" || first === null || !("message" in first)) return null;
  const msg: unknown = first.message;
  if (typeof msg !== "object" || msg === null || !("content" in msg) || typeof msg.content !== "string") return null;
  return msg.content;
}
