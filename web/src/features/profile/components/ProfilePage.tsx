// Profile settings (spec 01 §2): personal information, password change, payment mock, devices, account actions.
import { type ReactNode, useEffect } from "react";
import { useNavigate } from "react-router";
import { UserRound } from "lucide-react";
import { Card, CardBody, CardHeader, CardTitle } from "@web/components/ui/Card";
import { PageSpinner } from "@web/components/ui/Spinner";
import { toast } from "@web/components/ui/toast";
import { useCredits } from "@web/entities/user/hooks/use-credits";
import { useProfile } from "@web/entities/user/api/profile";
import { useSignOut } from "@web/entities/user/hooks/use-sign-out";
import { creditsWord } from "@web/lib/format";
import { usePageTitle } from "@web/lib/use-page-title";
import { AccountActionsCard } from "./AccountActionsCard";
import { ChangePasswordCard } from "./ChangePasswordCard";
import { PaymentMethodsCard } from "./PaymentMethodsCard";
import { SessionsCard } from "./SessionsCard";
import { TelegramCard } from "./TelegramCard";
import { WebhooksCard } from "./WebhooksCard";

/** `children`: cards other features contribute (composed in app/, e.g. the Alerts card), shown after the devices. */
function ReadOnlyField(props: { id: string; label: string; value: string; className?: string }) {
  return (
    <div className={props.className}>
      <dt className="text-[13px] font-medium text-muted">{props.label}</dt>
      <dd data-testid={props.id} className="mt-1 break-words text-sm text-ink">
        {props.value || "—"}
      </dd>
    </div>
  );
}

export function ProfilePage({ children }: { children?: ReactNode }) {
  usePageTitle("Profile");
  const navigate = useNavigate();
  const profile = useProfile();
  const balance = useCredits();
  const signOut = useSignOut();
  const noUser = profile.isSuccess && profile.data === null;

  useEffect(() => {
    if (!noUser) return;
    toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
    const id = setTimeout(() => navigate("/login", { replace: true }), 500);
    return () => clearTimeout(id);
  }, [noUser, navigate]);

  if (profile.isPending) return <PageSpinner />;
  const user = profile.data;
  const first = user?.firstName ?? "";
  const last = user?.lastName ?? "";
  const credits = balance.credits ?? user?.credits ?? 0;
  const created = user?.createdAt ? new Date(user.createdAt).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" }) : "—";

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Profile Settings</h1>
        <p className="mt-1 text-sm text-muted">Your account, security and devices.</p>
      </div>

      {profile.isError ? <p className="text-sm text-negative">Failed to load your profile.</p> : null}

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2.5">
            <UserRound className="size-4 text-accent" />
            Personal Information
          </CardTitle>
        </CardHeader>
        {/* Read-only (spec 01 §3): shown as text, so nothing looks editable that is not. */}
        <CardBody>
          <dl className="grid gap-4 sm:grid-cols-2">
            <ReadOnlyField id="pi-first" label="First name" value={first} />
            <ReadOnlyField id="pi-last" label="Last name" value={last} />
            <ReadOnlyField id="pi-email" label="Email" value={user?.email ?? ""} className="sm:col-span-2" />
          </dl>
        </CardBody>
      </Card>

      <ChangePasswordCard onSignOut={signOut} />
      <PaymentMethodsCard />
      <SessionsCard />
      {children}
      <WebhooksCard />
      <TelegramCard />

      <AccountActionsCard onSignOut={signOut} />

      <p className="text-center text-xs text-faint">
        Account created {created} · {credits} {creditsWord(credits)} available
      </p>
    </section>
  );
}
