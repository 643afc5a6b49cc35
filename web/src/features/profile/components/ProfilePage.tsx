// Profile settings (spec 01 §2): personal information, password change, payment mock, devices, account actions.
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { LogOut, UserRound } from "lucide-react";
import { Button } from "@web/components/ui/Button";
import { Card, CardBody, CardHeader, CardTitle } from "@web/components/ui/Card";
import { Dialog, DialogClose, DialogContent } from "@web/components/ui/Dialog";
import { Field } from "@web/components/ui/Field";
import { Input } from "@web/components/ui/Input";
import { PageSpinner } from "@web/components/ui/Spinner";
import { toast } from "@web/components/ui/toast";
import { useCreditBalance } from "@web/lib/credit-balance";
import { usePageTitle } from "@web/lib/use-page-title";
import { logout } from "@web/lib/session";
import { useQueryClient } from "@tanstack/react-query";
import { useProfile } from "../api/profile-api";
import { ChangePasswordCard } from "./ChangePasswordCard";
import { PaymentMethodsCard } from "./PaymentMethodsCard";
import { SessionsCard } from "./SessionsCard";

export function ProfilePage() {
  usePageTitle("Profile");
  const navigate = useNavigate();
  const profile = useProfile();
  const balance = useCreditBalance();
  const queryClient = useQueryClient();
  // Spec 01 §4 Logout: server call, then session, caches and local state cleared whatever the answer.
  const signOut = async () => {
    await logout();
    queryClient.clear();
    navigate("/login", { replace: true });
  };
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const noUser = profile.isSuccess && profile.data === null;

  useEffect(() => {
    if (!noUser) return;
    toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
    const id = setTimeout(() => navigate("/login", { replace: true }), 500);
    return () => clearTimeout(id);
  }, [noUser, navigate]);

  if (profile.isPending) return <PageSpinner />;
  const user = profile.data;
  const first = user?.first_name ?? user?.firstName ?? "";
  const last = user?.last_name ?? user?.lastName ?? "";
  const credits = balance.data ?? user?.credits ?? 0;
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
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <Field id="pi-first" label="First name">
            <Input id="pi-first" value={first} readOnly />
          </Field>
          <Field id="pi-last" label="Last name">
            <Input id="pi-last" value={last} readOnly />
          </Field>
          <Field id="pi-email" label="Email" className="sm:col-span-2">
            <Input id="pi-email" value={user?.email ?? ""} readOnly />
          </Field>
        </CardBody>
      </Card>

      <ChangePasswordCard onSignOut={signOut} />
      <PaymentMethodsCard />
      <SessionsCard />

      <Card>
        <CardHeader>
          <CardTitle>Account Actions</CardTitle>
        </CardHeader>
        <CardBody className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">Sign out of Tradewind on this device.</p>
          <Button variant="danger" onClick={() => setConfirmSignOut(true)}>
            <LogOut className="size-4" />
            Sign Out
          </Button>
        </CardBody>
      </Card>

      <p className="text-center text-xs text-faint">
        Account created {created} · {credits} {credits === 1 ? "credit" : "credits"} available
      </p>

      <Dialog open={confirmSignOut} onOpenChange={setConfirmSignOut}>
        <DialogContent title="Sign Out" description="Are you sure you want to sign out?">
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button
              variant="danger"
              onClick={() => {
                setConfirmSignOut(false);
                void signOut();
              }}
            >
              Sign Out
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
