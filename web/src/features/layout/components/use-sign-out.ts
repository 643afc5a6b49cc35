// Sign Out: server logout, then local session and caches cleared whatever the answer, then /login.
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { logout } from "@web/lib/session";

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await logout();
    queryClient.clear();
    navigate("/login", { replace: true });
  };
}
