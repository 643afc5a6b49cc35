// /terms: Terms of Use (governing law Georgia, liability capped at 12 months of fees, placeholders kept visible).
import { ArbitrationOrganisation, GoverningLawGeorgia, LegalPage, OPERATOR, SupportEmail } from "./LegalPage";

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Use"
      intro={
        <p>
          These Terms of Use govern your access to and use of the Tradewind website and services operated by {OPERATOR} ("Tradewind", "we", "us"). By
          creating an account or using the services you agree to these terms.
        </p>
      }
      sections={[
        {
          id: "eligibility",
          title: "Eligibility",
          body: (
            <p>
              You must be at least 18 years old and legally able to enter into a binding contract. You may not use the services where doing so is
              prohibited by the laws that apply to you.
            </p>
          ),
        },
        {
          id: "account",
          title: "Your account",
          body: (
            <p>
              You are responsible for keeping your credentials confidential and for all activity under your account. New devices may need to be
              verified with a code sent by e-mail. Tell us promptly about any unauthorised use.
            </p>
          ),
        },
        {
          id: "service",
          title: "The service",
          body: (
            <>
              <p>
                Tradewind provides AI-generated trading signals for crypto-asset pairs: a direction (LONG, SHORT or NO_TRADE), entry, stop loss, take
                profit, risk/reward ratio, confidence score and written reasoning.
              </p>
              <p>
                Signals are informational only. They are not financial, investment, legal or tax advice, and no signal is a recommendation to buy or
                sell any asset. You alone decide whether to trade.
              </p>
            </>
          ),
        },
        {
          id: "credits",
          title: "Credits and payments",
          body: (
            <ul>
              <li>Services are paid with prepaid credits. One analysis costs one credit. There are no subscriptions.</li>
              <li>
                A credit is held when an analysis starts. It is used when a LONG or SHORT signal is issued and returned automatically when the result
                is No Trade or the analysis fails.
              </li>
              <li>Credits do not expire, have no cash value and cannot be transferred.</li>
              <li>
                Paid credit packs carry a 30-day money-back guarantee for unused credits, requested under Purchases on the profile page within 30 days
                of payment. A pack's unused credits are the smaller of its credits and the balance at the request (less credits already in another
                pending refund); the refund is the pack's price × unused credits ÷ the pack's credits, paid back to the original payment method, and
                those credits leave the balance when the refund is processed. A chargeback freezes the pack's unused credits.
              </li>
            </ul>
          ),
        },
        {
          id: "conduct",
          title: "Acceptable use",
          body: (
            <p>
              You may not resell or redistribute signals, scrape or overload the service, attempt to access other accounts, or interfere with its
              security. We may suspend or block accounts that break these rules.
            </p>
          ),
        },
        {
          id: "ip",
          title: "Intellectual property",
          body: (
            <p>
              The service, its software, models and content belong to {OPERATOR} or its licensors. You receive a personal, non-exclusive,
              non-transferable licence to use the signals for your own trading decisions.
            </p>
          ),
        },
        {
          id: "disclaimer",
          title: "Disclaimers",
          body: (
            <p>
              The service is provided "as is" and "as available". Market data may be delayed or incomplete. We do not warrant that signals will be
              accurate, profitable or uninterrupted. Past or backtested performance does not guarantee future results.
            </p>
          ),
        },
        {
          id: "liability",
          title: "Limitation of liability",
          body: (
            <p>
              To the fullest extent permitted by law, our total liability for any claim arising from the service is limited to the fees you paid to us
              in the 12 months before the event giving rise to the claim. We are not liable for trading losses, lost profits or indirect or
              consequential damages.
            </p>
          ),
        },
        {
          id: "law",
          title: "Governing law and disputes",
          body: (
            <p>
              These terms are governed by <GoverningLawGeorgia />. Disputes that cannot be resolved informally will be settled by binding arbitration
              administered by <ArbitrationOrganisation />, except where the law gives you the right to go to court.
            </p>
          ),
        },
        {
          id: "changes",
          title: "Changes and termination",
          body: (
            <p>
              We may update these terms; material changes are announced on the site before they take effect. You may close your account at any time.
              We may suspend or end access for breach of these terms.
            </p>
          ),
        },
        {
          id: "contact",
          title: "Contact",
          body: (
            <p>
              Questions about these terms: <SupportEmail />, or the contact form on this site.
            </p>
          ),
        },
      ]}
    />
  );
}
