import { useLocation, useNavigate } from "react-router";
import { useToast } from "../../components/ui/toast.tsx";
import { useRouteAction } from "../../lib/route-action.ts";

/**
 * Logout: ends the session on the server (the action of routes/account/sign-out.ts), says "Log out
 * successfully", and leaves private pages. The page's data reloads without the session by itself.
 */
export function useSignOut() {
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { submit } = useRouteAction("/signOut");
  return async () => {
    const outcome = await submit("sign-out");
    if (!outcome.ok) {
      toast.error("Something went wrong");
      return;
    }
    toast.success("Log out successfully");
    const onPrivatePage = /^\/(account|dashboard|box)(\/|$)/i.test(location.pathname);
    if (onPrivatePage) await navigate("/", { replace: true });
  };
}
