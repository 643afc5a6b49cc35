// /profile: the profile page with the cards of other features composed in (features do not import each other).
import { AlertsCard } from "@web/features/alerts/components/AlertsCard";
import { PurchaseHistoryCard } from "@web/features/billing/components/PurchaseHistoryCard";
import { ProfilePage } from "@web/features/profile/components/ProfilePage";

export function ProfileRoute() {
  return (
    <ProfilePage>
      <PurchaseHistoryCard />
      <AlertsCard />
    </ProfilePage>
  );
}
