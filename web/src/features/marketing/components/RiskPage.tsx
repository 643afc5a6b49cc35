// /risk: Risk Disclosure for crypto trading and AI-generated signals.
import { LegalPage, SupportEmail } from "./LegalPage";

export function RiskPage() {
  return (
    <LegalPage
      title="Risk Disclosure"
      intro={
        <p className="rounded-lg border border-warn/40 bg-warn/10 p-4 text-amber-100">
          Trading crypto-assets involves a high risk of loss. You can lose some or all of the money you trade. Only trade with money you can afford to
          lose.
        </p>
      }
      sections={[
        {
          id: "volatility",
          title: "Market volatility",
          body: (
            <p>
              Crypto-asset prices can move sharply within minutes. Gaps, thin order books and exchange outages can cause fills far from a signal's
              entry, stop loss or take profit.
            </p>
          ),
        },
        {
          id: "leverage",
          title: "Leverage",
          body: (
            <p>
              Leveraged and derivative products multiply both gains and losses and can lose more than your initial margin. Signals do not take your
              leverage or position size into account.
            </p>
          ),
        },
        {
          id: "signals",
          title: "Nature of AI signals",
          body: (
            <>
              <p>
                Signals come from a statistical model applied to market data. Models can be wrong, data can be delayed or incomplete, and market
                behaviour changes over time.
              </p>
              <p>
                Confidence scores are probabilities estimated from history, not guarantees. Any published win rate is measured over a stated period
                and sample and does not predict future results.
              </p>
            </>
          ),
        },
        {
          id: "advice",
          title: "No advice",
          body: (
            <p>
              Signals are informational only and are not investment, financial, legal or tax advice. Tradewind does not know your financial situation
              or objectives. Consider independent professional advice.
            </p>
          ),
        },
        {
          id: "regulation",
          title: "Regulation and taxes",
          body: (
            <p>
              Crypto-assets may be unregulated where you live and may not be covered by investor-protection schemes. You are responsible for complying
              with local laws and reporting taxes.
            </p>
          ),
        },
        {
          id: "responsibility",
          title: "Your responsibility",
          body: (
            <p>
              You decide whether to act on a signal, choose your own position size and risk limits, and accept full responsibility for your trades.
            </p>
          ),
        },
        {
          id: "contact",
          title: "Questions",
          body: (
            <p>
              Contact <SupportEmail /> or use the contact form on this site.
            </p>
          ),
        },
      ]}
    />
  );
}
