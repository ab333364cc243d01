import { RESET_REQUESTED_MESSAGE } from "@bureau/domain/account-rules";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { EmailField } from "../../components/ui/email-field.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { requestPasswordReset } from "../../features/account/account-api.ts";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent } from "../../lib/server-api.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password | Harbour FX" },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["request-reset"]);
  return apiAction(context, (api) => requestPasswordReset(api, posted.text("email")));
}

/**
 * "Forgot password?" from the sign-in screen: the e-mail address to send a reset link to. The answer
 * is the same whether an account has that address or not, so this page tells nobody who has an account.
 */
export default function ForgotPassword() {
  const toast = useToast();
  const emailId = useId();
  const { submit, busy: pending } = useRouteAction();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!email) return toast.error("Enter an email");
    const outcome = await submit("request-reset", { email });
    if (outcome.ok) setSentTo(email);
    else toast.error(outcome.message);
  };

  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="forgot-heading">
        <h1 id="forgot-heading">Forgot your password?</h1>
        {sentTo ? (
          <>
            <p role="status">{RESET_REQUESTED_MESSAGE}</p>
            <p className="auth-subtitle">Nothing arrived after a few minutes? Check your spam folder.</p>
            <button type="button" className="button" onClick={() => setSentTo(null)}>
              Use another address
            </button>
          </>
        ) : (
          <>
            <p className="auth-subtitle">
              Enter the e-mail address of your account and we will send you a link to choose a new password.
            </p>
            <form className="auth-form" onSubmit={onSubmit}>
              <EmailField id={emailId} look="auth" placeholder="name@example.com" />
              <button
                type="submit"
                className="button button-primary auth-submit"
                disabled={pending}
                aria-busy={pending}
              >
                Send reset link
              </button>
            </form>
          </>
        )}
        <p className="auth-footer">
          Remembered it? <Link to="/signIn">Sign In</Link>
        </p>
      </section>
    </div>
  );
}
