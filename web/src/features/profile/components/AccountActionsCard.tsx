// Account Actions: Sign Out on this device, after a confirmation dialog.
import { LogOut } from "lucide-react";
import { useState } from "react";
import { Button } from "@web/components/ui/Button";
import { Card, CardBody, CardHeader, CardTitle } from "@web/components/ui/Card";
import { Dialog, DialogClose, DialogContent } from "@web/components/ui/Dialog";

export function AccountActionsCard({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  return (
    <>
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
                void onSignOut();
              }}
            >
              Sign Out
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
