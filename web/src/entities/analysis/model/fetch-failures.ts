// Spec 02 §8 fallback texts of the analysis reads, shown once a read has failed: the server's detail first.
import { serverMessage } from "@web/lib/api";

export const DETAIL_FAILED = "Failed to fetch analysis detail";
export const HISTORY_FAILED = "Failed to fetch analysis history";

/** The server's detail (or message) of a failed read, else the fallback. */
export const failureText = (err: unknown, fallback: string) => serverMessage(err) ?? fallback;
