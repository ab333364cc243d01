import { useLocation, useNavigate, useRevalidator } from "react-router";
import { useToast } from "../../components/ui/toast.tsx";
import { browserApi } from "../../lib/api-client.ts";
import { signOut } from "./account-api.ts";

/** Logout: ends the session on the server, says "Log out successfully", and leaves private pages. */
export function useSignOut() {
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  return async () => {
    try {
      await signOut(browserApi());
    } catch {
      toast.error("Something went wrong");
      return;
    }
    toast.success("Log out successfully");
    const onPrivatePage = /^\/(account|dashboard|box)(\/|$)/i.test(location.pathname);
    if (onPrivatePage) await navigate("/", { replace: true });
    await revalidator.revalidate();
  };
}
