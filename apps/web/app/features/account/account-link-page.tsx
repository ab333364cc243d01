import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { useRouteAction } from "../../lib/route-action.ts";
import type { SessionUser } from "./session.ts";
import { withRedirect } from "./redirect-target.ts";

/**
 * The page an account e-mail's link opens (decision 030): opening it changes nothing; its one button
 * posts the link's token to the page's route action. Where the change is the account's own (confirming
 * its address, closing it), the page asks the person to sign in first and comes back after.
 */
export function AccountLinkPage({
  heading,
  token,
  here,
  signedInUser,
  needsSignIn,
  signInText,
  explanation,
  buttonLabel,
  intent,
  done,
  onDone,
}: {
  heading: string;
  token: string;
  /** This page's path and query, to come back to after signing in. */
  here: string;
  signedInUser: SessionUser | null;
  needsSignIn: boolean;
  signInText?: string;
  explanation: ReactNode;
  buttonLabel: string;
  intent: string;
  /** What the page says once the change is made. */
  done: ReactNode;
  onDone?: () => void | Promise<void>;
}) {
  const action = useRouteAction();
  const [problem, setProblem] = useState<string | null>(
    token ? null : "This link is not complete. Check that you opened the whole link from the e-mail.",
  );
  const [finished, setFinished] = useState(false);

  const act = async () => {
    setProblem(null);
    const outcome = await action.submit(intent, { token });
    if (!outcome.ok) return setProblem(outcome.message);
    setFinished(true);
    await onDone?.();
  };

  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="account-link-heading">
        <h1 id="account-link-heading">{heading}</h1>
        {finished ? (
          <div role="status">{done}</div>
        ) : (
          <>
            {problem ? (
              <p role="alert" className="field-error">
                {problem}
              </p>
            ) : null}
            {token && needsSignIn && !signedInUser ? (
              <p>
                {signInText}{" "}
                <Link to={withRedirect("/signIn", here)} className="button button-primary">
                  Sign In
                </Link>
              </p>
            ) : token ? (
              <>
                {explanation}
                <button
                  type="button"
                  className="button button-primary auth-submit"
                  onClick={() => void act()}
                  disabled={action.busy}
                  aria-busy={action.busy}
                >
                  {buttonLabel}
                </button>
              </>
            ) : null}
          </>
        )}
        <p className="auth-hint">
          <Link to="/">Back to Travel Money</Link>
        </p>
      </section>
    </div>
  );
}
