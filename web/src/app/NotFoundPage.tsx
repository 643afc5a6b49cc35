// Fallback for unknown routes.
import { ButtonLink } from "@web/components/ui/Button";
import { usePageTitle } from "@web/lib/use-page-title";

export function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-28 text-center">
      <p className="num font-mono text-sm text-accent">404</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight">404 Page Not Found</h1>
      <p className="mt-3 text-muted">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" className="mt-8">
        Back to Home
      </ButtonLink>
    </section>
  );
}
