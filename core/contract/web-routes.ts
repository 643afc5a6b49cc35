// The web app's pages (react-router patterns; ":name" is one path segment): the app routes exactly these, and the
// server answers any other page path with status 404 (the app then shows its not-found page).
export const PAGE_PATHS = [
  "/",
  "/about",
  "/how-it-works",
  "/pricing",
  "/contact",
  "/privacy",
  "/terms",
  "/risk",
  "/verify",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/reset-password/:token",
  "/dashboard",
  "/trading",
  "/start-trading",
  "/results",
  "/profile",
  "/billing/success",
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

const segments = (path: string) => path.split("/").filter(Boolean);

/** Whether `pathname` is one of the app's pages; a trailing slash matches too, as in React Router. */
export function isPagePath(pathname: string): boolean {
  const parts = segments(pathname);
  return PAGE_PATHS.some((pattern) => {
    const want = segments(pattern);
    return want.length === parts.length && want.every((w, i) => (w.startsWith(":") ? parts[i] !== "" : w === parts[i]));
  });
}
