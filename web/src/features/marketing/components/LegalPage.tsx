// Shared frame of the legal pages: title, last-updated date, table of contents and numbered sections.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { usePageTitle } from "@web/lib/use-page-title";
import type { GoverningLaw } from "@core/contract/legal";
import { useLegalSettings } from "../api/legal";

export const LEGAL_UPDATED = "September 25, 2025";
export const OPERATOR = "Tradewind Technologies LLC";
/** Placeholders the operator still has to fill in (spec 01 §2 Legal pages), shown until SUPPORT_EMAIL / ARBITRATION_ORGANISATION are set. */
export const CONTACT_EMAIL_PLACEHOLDER = "[support e-mail address to be published]";
export const ARBITRATION_PLACEHOLDER = "[arbitration organisation to be named]";

/** The operator's support address as a mail link, or the placeholder while it is not named. */
export function SupportEmail() {
  const email = useLegalSettings().data?.support_email;
  return email ? (
    <a href={`mailto:${email}`} className="text-accent-strong hover:underline" data-testid="support-email">
      {email}
    </a>
  ) : (
    <span data-testid="support-email">{CONTACT_EMAIL_PLACEHOLDER}</span>
  );
}

/**
 * Spec 01 says "Governing law: Georgia": the words stay, and the operator's GOVERNING_LAW says which Georgia (a country
 * and a U.S. state share the name); until it is set, a placeholder like the spec's others.
 */
export const GOVERNING_LAW_PLACEHOLDER = "[the country or the U.S. state to be stated]";
const GEORGIA: Record<GoverningLaw, string> = { "georgia-country": "(the country)", "georgia-us-state": "(the U.S. state)" };

export function GoverningLawGeorgia() {
  const law = useLegalSettings().data?.governing_law;
  return (
    <>
      the laws of Georgia <span data-testid="governing-law">{(law && GEORGIA[law]) ?? GOVERNING_LAW_PLACEHOLDER}</span>
    </>
  );
}

/** The arbitration organisation the operator named, or the placeholder. */
export function ArbitrationOrganisation() {
  return <span data-testid="arbitration-organisation">{useLegalSettings().data?.arbitration_organisation ?? ARBITRATION_PLACEHOLDER}</span>;
}

export type LegalSection = { id: string; title: string; body: ReactNode };

export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  usePageTitle(title);
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[220px_1fr]">
      <nav aria-label="On this page" className="hidden lg:block">
        <div className="sticky top-20">
          <p className="text-xs font-semibold uppercase tracking-wider text-faint">On this page</p>
          <ol className="mt-3 space-y-1.5 text-sm">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-muted hover:text-ink">
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
          <p className="mt-6 text-xs text-faint">
            Other documents:{" "}
            <Link to="/privacy" className="hover:text-ink">
              Privacy
            </Link>{" "}
            ·{" "}
            <Link to="/terms" className="hover:text-ink">
              Terms
            </Link>{" "}
            ·{" "}
            <Link to="/risk" className="hover:text-ink">
              Risk
            </Link>
          </p>
        </div>
      </nav>
      <article className="max-w-3xl">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-faint">Last updated: {LEGAL_UPDATED}</p>
        <div className="mt-6 text-[15px] leading-relaxed text-muted">{intro}</div>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} className="mt-10 scroll-mt-20">
            <h2 className="text-lg font-semibold text-ink">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-3 space-y-3 text-[15px] leading-relaxed text-muted [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1.5">{s.body}</div>
          </section>
        ))}
      </article>
    </div>
  );
}
