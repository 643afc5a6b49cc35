// Page frame for every route: top navigation, the routed page, footer.
import { Outlet } from "react-router";
import { Footer } from "./Footer";
import { TopNav } from "./TopNav";

export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <TopNav />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
