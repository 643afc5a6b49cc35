// /billing/success: back from Stripe's hosted page. "Payment received, credits on the way" until the webhook's credit
// reaches this tab (a user_changed push refetches the checkout state), then the pack's credits and the new balance.
import { CheckCircle2, Loader2 } from "lucide-react";
import { useSearchParams } from "react-router";
import { ButtonLink } from "@web/components/ui/Button";
import { Card, CardBody } from "@web/components/ui/Card";
import { useCheckoutState } from "@web/entities/billing/api/billing";
import { creditsWord } from "@web/lib/format";
import { usePageTitle } from "@web/lib/use-page-title";

export function CheckoutSuccessPage() {
  usePageTitle("Payment received");
  const [params] = useSearchParams();
  const sessionId = params.get("session_id") ?? "";
  const state = useCheckoutState(sessionId);
  const data = state.data;
  const failed = data?.status === "FAILED";

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-14 sm:px-6">
      <Card>
        <CardBody className="flex flex-col items-center gap-4 py-10 text-center" aria-live="polite">
          {state.isError || (state.isSuccess && !data) ? (
            <p className="text-sm text-negative">We could not find this checkout. Your purchases are listed on your profile.</p>
          ) : failed ? (
            <>
              <h1 className="text-2xl font-semibold tracking-tight">Payment failed</h1>
              <p className="text-muted">Your bank did not confirm the payment, so no credits were added and nothing was charged.</p>
            </>
          ) : data?.credited ? (
            <>
              <CheckCircle2 className="size-10 text-accent" aria-hidden />
              <h1 className="text-2xl font-semibold tracking-tight">Credits added</h1>
              <p className="text-muted" data-testid="checkout-credited">
                The {data.pack_name} added {data.credits} {creditsWord(data.credits)} to your account.
              </p>
              <p className="text-lg">
                Your balance:{" "}
                <strong data-testid="checkout-balance">
                  {data.balance} {creditsWord(data.balance)}
                </strong>
              </p>
            </>
          ) : (
            <>
              <Loader2 className="size-10 animate-spin text-accent" aria-hidden />
              <h1 className="text-2xl font-semibold tracking-tight">Payment received, credits on the way</h1>
              <p className="text-muted">
                {data ? `The ${data.pack_name}'s ${data.credits} credits` : "Your credits"} appear here as soon as the payment is confirmed — usually
                within seconds. You can keep this page open.
              </p>
            </>
          )}
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/trading">Start Trading</ButtonLink>
            <ButtonLink to="/profile" variant="secondary">
              View purchases
            </ButtonLink>
          </div>
        </CardBody>
      </Card>
    </section>
  );
}
