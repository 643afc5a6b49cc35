// Site footer: Quick Links, Legal and the trading-risk notice.
import { Link } from "react-router";
import { Logo } from "./Logo";

const QUICK = [
  { label: "About", to: "/about" },
  { label: "How It Works", to: "/how-it-works" },
  { label: "Pricing", to: "/pricing" },
  { label: "Dashboard", to: "/dashboard" },
];
const LEGAL = [
  { label: "Privacy Policy", to: "/privacy" },
  { label: "Terms of Use", to: "/terms" },
  { label: "Risk Disclosure", to: "/risk" },
  { label: "Contact", to: "/contact" },
];

function Column({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  return (
    <div>
      <h2 className="text-xs font-semibold uppercase tracking-wider text-faint">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="text-sm text-muted hover:text-ink">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  return (
    <footer className="border-t border-line bg-surface/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-3 text-sm leading-relaxed text-muted">
            AI-generated crypto trade setups for prepaid credits. One credit, one signal — returned automatically when there is no trade.
          </p>
        </div>
        <Column title="Quick Links" links={QUICK} />
        <Column title="Legal" links={LEGAL} />
      </div>
      <div className="border-t border-line">
        <div className="mx-auto max-w-7xl px-4 py-5 text-xs leading-relaxed text-faint sm:px-6">
          <p role="note">
            <strong className="font-semibold text-muted">Risk notice:</strong> Trading cryptocurrencies involves substantial risk of loss and is not
            suitable for every investor. Signals are informational only and are not financial advice. Past performance does not guarantee future
            results. You must be 18 or older to use Tradewind.
          </p>
          <p className="mt-2">© {new Date().getFullYear()} Tradewind</p>
        </div>
      </div>
    </footer>
  );
}
