// Saves an authenticated download (CSV) as a file: fetched with the in-memory token, handed over through a temporary link.
import { apiDownload } from "./api";

/** Downloads `path` and returns the file name it was saved under (the server's, else `fallbackName`). */
export async function saveDownload(path: string, fallbackName: string): Promise<string> {
  const { blob, filename } = await apiDownload(path);
  const name = filename ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download by now; the object URL is only needed for that.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
