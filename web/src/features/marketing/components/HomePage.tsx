// Home (spec 01 §1-§2, spec 02 §2): hero per auth state, badges, what-is, flow, features, steps, pricing, live preview.
import { usePageTitle } from "@web/lib/use-page-title";
import { HomeHero } from "./HomeHero";
import { HomeSections, PricingTeaser } from "./HomeSections";
import { LivePreview } from "./LivePreview";

export function HomePage() {
  usePageTitle("AI-Powered Crypto Signals");
  return (
    <>
      <HomeHero />
      <HomeSections />
      <div className="border-y border-line bg-surface/40">
        <LivePreview />
      </div>
      <PricingTeaser />
    </>
  );
}
