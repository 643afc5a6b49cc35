// Where API calls go: the same origin by default ({host} in spec 01 §7); tests and split deployments set a host.
let host = "";

export function setApiHost(value: string): void {
  host = value.replace(/\/+$/, "");
}

export function getApiHost(): string {
  return host;
}

/** Spec 01 §7: full URLs are used as given; /api/signals gains its trailing slash; other paths go to the API host. */
export function resolveApiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const rewritten = path.replace(/^\/api\/signals(?=$|[?#])/, "/api/signals/");
  return host + rewritten;
}
