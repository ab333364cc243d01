import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { EmailField } from "../../components/ui/email-field.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { sendVerificationEmail } from "../../features/account/account-api.ts";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent } from "../../lib/server-api.ts";
import type { Route } from "./+types/check-inbox";

export const meta: Route.MetaFunction = () => [
  { title: "Check your inbox | Harbour FX" },
  { name: "robots", content: "noindex" },
];

/**
 * "Send it again", signed out: better-auth's send-verification-email answers the same whether the
 * address has an unconfirmed account, a confirmed one or none (and takes as long), and the server limits
 * it per client address and per recipient (routes/auth/better-auth-mount.ts, modules/users/account-mail.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["send-again"]);
  return apiAction(context, (api) => sendVerificationEmail(api, posted.text("email")));
}

/** What "Send it again" says: the same words whatever the address, so the page tells nobody who has an account. */
export const SENT_AGAIN_MESSAGE =
  "If this address has an account waiting for confirmation, a new link is on its way. It can take a few minutes.";

/** What the sign-up screen hands this page: the address signed up with, and where the person came from. */
type FromSignUp = { email?: unknown; from?: unknown } | null;

/**
 * Where a sign-up lands (decision 030: the answer is the same whether or not the address had an account):
 * the e-mail to follow, and "Send it again" for a message that did not arrive. The address comes in the
 * navigation's state, read once the page has hydrated, so that the server's page and the browser's agree
 * and a reload keeps it; a person who comes here without it types it.
 */
export default function CheckInbox() {
  const location = useLocation();
  const toast = useToast();
  const emailId = useId();
  const resend = useRouteAction();
  const [email, setEmail] = useState("");
  const [outcome, setOutcome] = useState<{ kind: "sent" | "error"; message: string } | null>(null);
  const state = location.state as FromSignUp;
  const from = typeof state?.from === "string" ? state.from : "/";

  useEffect(() => {
    if (typeof state?.email === "string") setEmail(state.email);
  }, [state]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!address) return toast.error("Enter an email");
    setOutcome(null);
    const answer = await resend.submit("send-again", { email: address });
    if (answer.ok) setOutcome({ kind: "sent", message: SENT_AGAIN_MESSAGE });
    else {
      setOutcome({ kind: "error", message: answer.message });
      toast.error(answer.message);
    }
  };

  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="check-inbox-heading">
        <h1 id="check-inbox-heading">Check your inbox</h1>
        <p role="status">
          We have sent a message to {email || "the address you gave"}. Open the link in it and sign in to confirm your
          address. If you already have an account with this address, the message tells you how to sign in.
        </p>
        <p className="auth-subtitle">
          Nothing after a few minutes? Check your spam folder, or send it again. The link works for 24 hours.
        </p>
        <form className="auth-form" onSubmit={onSubmit}>
          <EmailField
            id={emailId}
            look="auth"
            placeholder="name@example.com"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <button
            type="submit"
            className="button button-primary auth-submit"
            disabled={resend.busy}
            aria-busy={resend.busy}
          >
            Send it again
          </button>
        </form>
        {outcome ? (
          <p
            role={outcome.kind === "sent" ? "status" : "alert"}
            className={outcome.kind === "sent" ? "auth-sent" : "field-error"}
          >
            {outcome.message}
          </p>
        ) : null}
        <p className="auth-footer">
          Confirmed it already?{" "}
          <Link to="/signin" state={{ from }}>
            Sign In
          </Link>
        </p>
        <p className="auth-hint">
          <Link to="/">Back to Travel Money</Link>
        </p>
      </section>
    </div>
  );
}
