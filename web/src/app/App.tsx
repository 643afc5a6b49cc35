// Route table of spec 01 §2: public pages, guest-only /login, signed-in pages behind RequireAuth, and the 404.
import { Route, Routes } from "react-router";
import { AppLayout } from "@web/features/layout/components/AppLayout";
import { HomePage } from "@web/features/marketing/components/HomePage";
import { AboutPage } from "@web/features/marketing/components/AboutPage";
import { HowItWorksPage } from "@web/features/marketing/components/HowItWorksPage";
import { PricingPage } from "@web/features/marketing/components/PricingPage";
import { ContactPage } from "@web/features/marketing/components/ContactPage";
import { PrivacyPage } from "@web/features/marketing/components/PrivacyPage";
import { TermsPage } from "@web/features/marketing/components/TermsPage";
import { RiskPage } from "@web/features/marketing/components/RiskPage";
import { LoginPage } from "@web/features/auth/components/LoginPage";
import { RegisterPage } from "@web/features/auth/components/RegisterPage";
import { ForgotPasswordPage } from "@web/features/auth/components/ForgotPasswordPage";
import { ResetPasswordPage } from "@web/features/auth/components/ResetPasswordPage";
import { DashboardRoute } from "./pages/DashboardPage";
import { ProfilePage } from "@web/features/profile/components/ProfilePage";
import { AuthSettled, GuestOnly, RequireAuth } from "./guards";
import { NotFoundPage } from "./NotFoundPage";
import { StartTradingPage } from "./pages/StartTradingPage";
import { RouteEffects } from "./route-effects";

export function App() {
  return (
    <>
      <RouteEffects />
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<AuthSettled><HomePage /></AuthSettled>} />
          <Route path="about" element={<AboutPage />} />
          <Route path="how-it-works" element={<HowItWorksPage />} />
          <Route path="pricing" element={<PricingPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route path="risk" element={<RiskPage />} />
          <Route path="login" element={<GuestOnly><LoginPage /></GuestOnly>} />
          <Route path="register" element={<RegisterPage />} />
          {/* React Router matches a trailing slash too, so /forgot-password/ and /reset-password/ land here. */}
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="reset-password/:token" element={<ResetPasswordPage />} />
          <Route path="dashboard" element={<DashboardRoute />} />
          <Route path="trading" element={<StartTradingPage />} />
          <Route path="start-trading" element={<StartTradingPage />} />
          <Route path="profile" element={<RequireAuth><ProfilePage /></RequireAuth>} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}
