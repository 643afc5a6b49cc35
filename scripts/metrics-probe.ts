// `bun scripts/metrics-probe.ts`: exit 0 when this container's metrics listener answers a scrape within 2 s. The
// engine serves no HTTP besides /metrics, behind METRICS_TOKEN, so Kubernetes' httpGet probe (no secret headers) cannot
// ask it; an exec probe reads the token from the container's own environment instead of the manifest.
const port = process.env.METRICS_PORT;
if (!port) {
  console.error("metrics-probe: METRICS_PORT is not set");
  process.exit(2);
}
const token = process.env.METRICS_TOKEN;
try {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(2000),
  });
  await res.arrayBuffer();
  if (res.status !== 200) {
    console.error(`metrics-probe: HTTP ${res.status}`);
    process.exit(1);
  }
} catch (err) {
  console.error(`metrics-probe: ${String(err)}`);
  process.exit(1);
}

export {};
