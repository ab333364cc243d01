import { safeRedirectTarget } from "@bureau/domain/account-rules";
import { type FormEvent, useId, useState } from "react";
import { redirect, useLocation, useNavigate } from "react-router";
import { useToast } from "../../components/ui/toast.tsx";
import { openSecureBox, secondFactorStatus } from "../../features/account/account-api.ts";
import { returnTargetOf, withRedirect } from "../../features/account/redirect-target.ts";
import { StaffOnlyMessage } from "../../features/account/staff-only.tsx";
import { adminOfStaffStep } from "../../features/account/staff-step.ts";
import { StaffStepCard } from "../../features/account/staff-step-card.tsx";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent, serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/secure-box";

export const meta: Route.MetaFunction = () => [
  { title: "Secure Box | Harbour FX" },
  { name: "robots", content: "noindex" },
];

/**
 * The Secure Box (spec §2, PRODUCT.md §2.8): the staff step after signing in. The credentials are
 * checked by the server and never reach the browser; success marks this session staff-verified.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  // The step marks a session, so there must be one: sign in first, then come back here.
  const { admin, refusal } = await adminOfStaffStep(context, url);
  if (!admin) return refusal;
  if (admin.staffVerified) throw redirect(safeRedirectTarget(url.searchParams.get("redirectTo")));
  // The box asks for the authenticator's code: an admin without one sets it up first (the server
  // refuses them anyway), then comes back here.
  const { enrolled } = await secondFactorStatus(serverApi(context));
  if (!enrolled) {
    throw redirect(withRedirect("/account/authenticator", safeRedirectTarget(url.searchParams.get("redirectTo"))));
  }
  return { staff: true as const };
}

/** Opens the box: the server checks the credentials and the code and marks this session staff-verified. */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["open"]);
  return apiAction(context, (api) =>
    openSecureBox(api, {
      username: posted.text("username"),
      password: posted.text("password"),
      code: posted.text("code"),
    }),
  );
}

export default function SecureBox({ loaderData }: Route.ComponentProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { submit } = useRouteAction();
  const [pending, setPending] = useState(false);
  const usernameId = useId();
  const passwordId = useId();
  const codeId = useId();
  if (!loaderData.staff) {
    return (
      <main id="main">
        <StaffOnlyMessage />
      </main>
    );
  }
  const target = returnTargetOf(location);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    const outcome = await submit("open", {
      username: String(form.get("username") ?? ""),
      password: String(form.get("password") ?? ""),
      code: String(form.get("code") ?? ""),
    });
    if (!outcome.ok) {
      setPending(false);
      const { status } = outcome;
      toast.error(outcome.message);
      if (status === 401) await navigate(withRedirect("/signIn", `${location.pathname}${location.search}`));
      // Wrong credentials go to the home page (spec §2); a rate limit keeps the form to try later.
      else if (status === 403) await navigate("/", { replace: true });
      return;
    }
    toast.success("Access granted");
    await navigate(target, { replace: true });
  };

  return (
    <StaffStepCard labelledBy="box-heading">
      <h1 id="box-heading">Secure Box</h1>
      <p className="auth-subtitle">
        Staff access: enter the Secure Box username and password, and the code your authenticator app shows.
      </p>
      <form className="auth-form" onSubmit={onSubmit}>
        <label htmlFor={usernameId}>Username</label>
        <input id={usernameId} name="username" autoComplete="off" required />
        <label htmlFor={passwordId}>Password</label>
        <input id={passwordId} name="password" type="password" autoComplete="off" required />
        <label htmlFor={codeId}>Authenticator code</label>
        <input
          id={codeId}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}|[0-9a-fA-F-]{19}"
          title="The 6 digits your authenticator app shows, or a recovery code"
          required
        />
        <button type="submit" className="button button-primary auth-submit" disabled={pending} aria-busy={pending}>
          Access
        </button>
      </form>
    </StaffStepCard>
  );
}
