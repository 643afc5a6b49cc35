// Page frame for every route: top navigation, the routed page, footer.
import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { Footer } from "./Footer";
import { TopNav } from "./TopNav";

export function AppLayout({ navExtra }: { navExtra?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <TopNav signedInExtra={navExtra} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
