// Navigation entries per auth state (spec 01 §2), shared by the top bar, the mobile panel and the tests' expectations.
export type NavItem = { label: string; to: string };

export const SIGNED_OUT_LINKS: NavItem[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "How It Works", to: "/how-it-works" },
  { label: "Pricing", to: "/pricing" },
  { label: "Contact", to: "/contact" },
];

export const SIGNED_IN_LINKS: NavItem[] = [
  { label: "Home", to: "/" },
  { label: "Dashboard", to: "/dashboard" },
  { label: "Trading", to: "/trading" },
  { label: "Results", to: "/results" },
  { label: "How It Works", to: "/how-it-works" },
  { label: "Pricing", to: "/pricing" },
  { label: "Profile", to: "/profile" },
];

export const navLinksFor = (signedIn: boolean) => (signedIn ? SIGNED_IN_LINKS : SIGNED_OUT_LINKS);
/** Start Trading goes to the trading screen when signed in, else to sign-in first. */
export const startTradingTarget = (signedIn: boolean) => (signedIn ? "/trading" : "/login");
