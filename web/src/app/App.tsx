// Route table of spec 01 §2 (core/contract/web-routes.ts): public pages, guest-only /login, signed-in pages behind
// RequireAuth, and the 404. Every page but the landing page is its own chunk, fetched when its route is first shown
// (see lazyPage).
import { lazy, Suspense, type ComponentType, type ReactElement } from "react";
import { PAGE_PATHS, type PagePath } from "@core/contract/web-routes";
import { Outlet, Route, Routes } from "react-router";
import { PageSpinner } from "@web/components/ui/Spinner";
import { AppLayout } from "@web/features/layout/components/AppLayout";
import { HomePage } from "@web/features/marketing/components/HomePage";
import { AuthSettled, GuestOnly, RequireAuth } from "./guards";
import { NotFoundPage } from "./NotFoundPage";
import { RouteEffects } from "./route-effects";
import { useIsSignedIn } from "@web/lib/session";

/**
 * A page whose module is loaded on first use. The pages are named exports, so `pick` names the one to render. The
 * landing page and the 404 stay in the entry chunk: the landing page is what most visits start on (a lazy one would
 * add a second round trip before its first paint) and the 404 is tiny.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

// The bell is a chunk of its own, fetched once signed in: the landing page's visitors never load it.
const AlertsBell = lazyPage(
  () => import("@web/features/alerts/components/AlertsBell"),
  (m) => m.AlertsBell,
);

function NavExtra() {
  return useIsSignedIn() ? (
    <Suspense fallback={null}>
      <AlertsBell />
    </Suspense>
  ) : null;
}

const AboutPage = lazyPage(
  () => import("@web/features/track-record/components/AboutPage"),
  (m) => m.AboutPage,
);
const HowItWorksPage = lazyPage(
  () => import("@web/features/marketing/components/HowItWorksPage"),
  (m) => m.HowItWorksPage,
);
const PricingPage = lazyPage(
  () => import("@web/features/marketing/components/PricingPage"),
  (m) => m.PricingPage,
);
const ContactPage = lazyPage(
  () => import("@web/features/marketing/components/ContactPage"),
  (m) => m.ContactPage,
);
const PrivacyPage = lazyPage(
  () => import("@web/features/marketing/components/PrivacyPage"),
  (m) => m.PrivacyPage,
);
const TermsPage = lazyPage(
  () => import("@web/features/marketing/components/TermsPage"),
  (m) => m.TermsPage,
);
const RiskPage = lazyPage(
  () => import("@web/features/marketing/components/RiskPage"),
  (m) => m.RiskPage,
);
const VerifyPage = lazyPage(
  () => import("@web/features/track-record/components/VerifyPage"),
  (m) => m.VerifyPage,
);
const LoginPage = lazyPage(
  () => import("@web/features/auth/components/LoginPage"),
  (m) => m.LoginPage,
);
const RegisterPage = lazyPage(
  () => import("@web/features/auth/components/RegisterPage"),
  (m) => m.RegisterPage,
);
const ForgotPasswordPage = lazyPage(
  () => import("@web/features/auth/components/ForgotPasswordPage"),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  () => import("@web/features/auth/components/ResetPasswordPage"),
  (m) => m.ResetPasswordPage,
);
const DashboardRoute = lazyPage(
  () => import("./pages/DashboardPage"),
  (m) => m.DashboardRoute,
);
const ProfilePage = lazyPage(
  () => import("./pages/ProfileRoute"),
  (m) => m.ProfileRoute,
);
const ResultsRoute = lazyPage(
  () => import("./pages/ResultsRoute"),
  (m) => m.ResultsRoute,
);
const CheckoutSuccessPage = lazyPage(
  () => import("@web/features/billing/components/CheckoutSuccessPage"),
  (m) => m.CheckoutSuccessPage,
);
const StartTradingPage = lazyPage(
  () => import("./pages/StartTradingPage"),
  (m) => m.StartTradingPage,
);

/** Inside the layout, so the navigation and footer stay while a page's chunk loads; the same 'Loading...' as the guards. */
function PageChunk() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

/** Each page of the contract's route table (the server answers 404 outside it), so the two cannot drift apart. */
const PAGES: Record<PagePath, ReactElement> = {
  "/": (
    <AuthSettled>
      <HomePage />
    </AuthSettled>
  ),
  "/about": <AboutPage />,
  "/how-it-works": <HowItWorksPage />,
  "/pricing": <PricingPage />,
  "/contact": <ContactPage />,
  "/privacy": <PrivacyPage />,
  "/terms": <TermsPage />,
  "/risk": <RiskPage />,
  "/verify": <VerifyPage />,
  "/login": (
    <GuestOnly>
      <LoginPage />
    </GuestOnly>
  ),
  "/register": <RegisterPage />,
  // React Router matches a trailing slash too, so /forgot-password/ and /reset-password/ land here.
  "/forgot-password": <ForgotPasswordPage />,
  "/reset-password": <ResetPasswordPage />,
  "/reset-password/:token": <ResetPasswordPage />,
  "/dashboard": <DashboardRoute />,
  "/trading": <StartTradingPage />,
  "/start-trading": <StartTradingPage />,
  "/results": <ResultsRoute />,
  "/profile": (
    <RequireAuth>
      <ProfilePage />
    </RequireAuth>
  ),
  "/billing/success": (
    <RequireAuth>
      <CheckoutSuccessPage />
    </RequireAuth>
  ),
};

export function App() {
  return (
    <>
      <RouteEffects />
      <Routes>
        <Route element={<AppLayout navExtra={<NavExtra />} />}>
          <Route element={<PageChunk />}>
            {PAGE_PATHS.map((path) =>
              path === "/" ? <Route key={path} index element={PAGES[path]} /> : <Route key={path} path={path.slice(1)} element={PAGES[path]} />,
            )}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </>
  );
}
