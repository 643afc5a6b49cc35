// Credit packs of spec 01 §9 (prices, credits, unit price, saving, POPULAR / BEST VALUE).
export type Plan = {
  id: "free" | "trial" | "starter" | "standard" | "pro" | "ultimate";
  name: string;
  price: number;
  credits: number;
  unitPrice: number;
  savings: string | null;
  badge: "POPULAR" | "BEST VALUE" | null;
  highlight: boolean;
  features: string[];
};

const common = ["Full reasoning for every signal", "Credits never expire", "No Trade = credit returned"];

export const PLANS: Plan[] = [
  {
    id: "free",
    name: "FREE Test",
    price: 0,
    credits: 1,
    unitPrice: 0,
    savings: null,
    badge: null,
    highlight: false,
    features: ["1 complete AI analysis", "Entry, stop loss, take profit and RR", "No card required"],
  },
  { id: "trial", name: "Trial Pack", price: 9.99, credits: 3, unitPrice: 3.33, savings: null, badge: null, highlight: false, features: common },
  {
    id: "starter",
    name: "Starter Pack",
    price: 18.99,
    credits: 6,
    unitPrice: 3.16,
    savings: "Save 5%",
    badge: null,
    highlight: false,
    features: common,
  },
  {
    id: "standard",
    name: "Standard Pack",
    price: 35.99,
    credits: 12,
    unitPrice: 3.0,
    savings: "Save 10%",
    badge: "POPULAR",
    highlight: true,
    features: [...common, "Best balance of price and volume"],
  },
  {
    id: "pro",
    name: "Pro Pack",
    price: 69.99,
    credits: 25,
    unitPrice: 2.8,
    savings: "Save 16.5%",
    badge: null,
    highlight: false,
    features: [...common, "For daily traders"],
  },
  {
    id: "ultimate",
    name: "Ultimate Pack",
    price: 129.99,
    credits: 50,
    unitPrice: 2.6,
    savings: "Save 21%",
    badge: "BEST VALUE",
    highlight: true,
    features: [...common, "Lowest price per signal"],
  },
];

/** Signed-in users never see the free pack (spec 01 §6). */
export const plansFor = (signedIn: boolean) => (signedIn ? PLANS.filter((p) => p.id !== "free") : PLANS);
