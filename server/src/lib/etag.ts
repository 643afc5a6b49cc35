// Entity tags (RFC 9110 §8.8.3): If-None-Match read with the weak comparison, for the polled lists and the market reads.

/** The tags If-None-Match lists (one or several, or `*`), each without its `W/` prefix: weak and strong compare alike. */
export const listedTags = (header: string) => (header.includes(",") ? header.split(",").map(bare) : [bare(header)]);
/** One tag trimmed and without `W/` (no regular expression: every poll's tag goes through here). */
function bare(tag: string) {
  const trimmed = tag.trim();
  return trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed;
}

/** Whether If-None-Match (`header`) names `tag` (quoted, without `W/`) or is `*`: then the answer is 304. */
export const namesTag = (header: string | null, tag: string) => header !== null && listedTags(header).some((t) => t === tag || t === "*");
