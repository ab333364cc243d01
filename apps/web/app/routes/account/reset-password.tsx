import { PASSWORD_RULE, RESET_LINK_INVALID_MESSAGE } from "@bureau/domain/account-rules";
import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useToast } from "../../components/ui/toast.tsx";
import { resetPassword } from "../../features/account/account-api.ts";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent } from "../../lib/server-api.ts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | Harbour FX" },
  { name: "robots", content: "noindex" },
  // The address carries the reset token: never hand it to another site as a referrer.
  { name: "referrer", content: "no-referrer" },
];

export async function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["reset-password"]);
  return apiAction(context, (api) => resetPassword(api, posted.text("token"), posted.text("password")));
}

/**
 * Where a password reset e-mail's link lands: a new password, under the same policy as sign-up (the
 * server checks it). The link works once and for an hour; the reset signs the account out everywhere.
 */
export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const passwordId = useId();
  const hintId = useId();
  const { submit } = useRouteAction();
  const [pending, setPending] = useState(false);
  const [linkProblem, setLinkProblem] = useState<string | null>(loaderData.token ? null : RESET_LINK_INVALID_MESSAGE);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    if (!password) return toast.error("Enter a password");
    setPending(true);
    const outcome = await submit("reset-password", { token: loaderData.token, password });
    if (!outcome.ok) {
      setPending(false);
      if (outcome.status === 410) setLinkProblem(outcome.message);
      else toast.error(outcome.message);
      return;
    }
    toast.success("Your password is changed. Sign in with your new password.");
    await navigate("/signIn", { replace: true });
  };

  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="reset-heading">
        <h1 id="reset-heading">Choose a new password</h1>
        {linkProblem ? (
          <>
            <p role="alert">{linkProblem}</p>
            <p className="auth-footer">
              <Link to="/forgotPassword">Ask for a new link</Link>
            </p>
          </>
        ) : (
          <form className="auth-form" onSubmit={onSubmit}>
            <label htmlFor={passwordId}>New password</label>
            <input
              id={passwordId}
              name="password"
              type="password"
              autoComplete="new-password"
              aria-describedby={hintId}
            />
            <p id={hintId} className="auth-subtitle">
              {PASSWORD_RULE} Setting it signs your account out on every device.
            </p>
            <button type="submit" className="button button-primary auth-submit" disabled={pending} aria-busy={pending}>
              Save new password
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
