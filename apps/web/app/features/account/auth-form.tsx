import { PASSWORD_RULE } from "@bureau/domain/account-rules";
import type { SignInProvider } from "@bureau/domain/contracts/accounts";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { EmailField } from "../../components/ui/email-field.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { type ActionOutcome, useRouteAction } from "../../lib/route-action.ts";
import { ProviderButtons } from "./provider-buttons.tsx";
import { signInWithProviderPopup } from "./provider-popup.ts";
import { returnTargetOf } from "./redirect-target.ts";

type Mode = "sign-in" | "sign-up";

/**
 * The sign-in and sign-up screens' form (spec §2, §5, §8): the empty-field messages in order and
 * nothing sent when one is shown; on success "User logged in" and back to where the person came from
 * (?redirectTo= or the location state), replacing this history entry. Both post to their screen's
 * route action (auth-action.ts), which passes the session cookie on. A sign-up signs nobody in and
 * answers the same whether or not the address has an account (decision 030): it goes on to "Check your
 * inbox" (/checkInbox), which says to follow the e-mail (a confirmation link for a new account, the way
 * back in for an existing one) and can send it again.
 */
export function AuthForm({
  mode,
  providers,
  heading,
  subtitle,
  footer,
}: {
  mode: Mode;
  providers: SignInProvider[];
  heading: string;
  subtitle: string;
  footer: ReactNode;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const credentials = useRouteAction<unknown>();
  const providerStart = useRouteAction<{ url: string }>();
  const [pending, setPending] = useState(false);
  // Shown inline at its field as well as in the toast (the spec's toasts stay).
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const refuse = (next: AuthProblem) => {
    setProblem(next);
    toast.error(next.message);
  };
  const target = returnTargetOf(location);

  const finishSignedIn = async (role?: string) => {
    toast.success("User logged in");
    // Staff who came to sign in on their own go on to the Secure Box and then their dashboard, not the
    // shop's home page; anyone sent here from a page goes back to it (the guards send staff on from there).
    const staffStart = role !== undefined && role !== "user" && target === "/";
    // The navigation loads every loader again, now with the session cookie.
    await navigate(staffStart ? "/box?redirectTo=%2Fdashboard" : target, { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!email) return refuse({ field: "email", message: "Enter an email" });
    if (!password) return refuse({ field: "password", message: "Enter a password" });
    setProblem(null);
    setPending(true);
    const outcome = await credentials.submit(mode, { email, password });
    if (!outcome.ok) {
      setPending(false);
      refuse({ field: "form", message: failureMessage(mode, outcome) });
      return;
    }
    if (mode === "sign-up") {
      setPending(false);
      // The address goes in the navigation's state, not the address bar (nor, so, any log).
      await navigate("/checkInbox", { state: { email, from: target } });
      return;
    }
    await finishSignedIn((outcome.value as { user?: { role?: string } } | undefined)?.user?.role);
  };

  const onContinue = async (provider: SignInProvider) => {
    try {
      const start = async (id: string, callbackURL: string) => {
        const started = await providerStart.submit("provider", { provider: id, callbackURL });
        if (!started.ok) throw new Error(started.message);
        return started.value;
      };
      const outcome = await signInWithProviderPopup(start, provider.id, target);
      if (outcome === "signed-in") await finishSignedIn();
      else if (outcome === "failed") toast.error("Something went wrong");
    } catch {
      toast.error("Something went wrong");
    }
  };

  return (
    <section className="auth-card" aria-labelledby="auth-heading">
      <h1 id="auth-heading">{heading}</h1>
      <p className="auth-subtitle">{subtitle}</p>
      <CredentialsForm mode={mode} pending={pending} problem={problem} onSubmit={onSubmit} />
      <div className="auth-divider" aria-hidden="true">
        <span>or</span>
      </div>
      <ProviderButtons providers={providers} onContinue={onContinue} />
      <p className="auth-footer">{footer}</p>
      <p className="auth-hint">
        <Link to="/">Back to Travel Money</Link>
      </p>
    </section>
  );
}

/** What stopped the form: an empty field, or the answer to the whole form (a wrong password, a limit). */
type AuthProblem = { field: "email" | "password" | "form"; message: string };

function CredentialsForm({
  mode,
  pending,
  problem,
  onSubmit,
}: {
  mode: Mode;
  pending: boolean;
  problem: AuthProblem | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const emailId = useId();
  const passwordId = useId();
  const ruleId = useId();
  const problemId = useId();
  // A problem with the whole form describes both fields; an empty field's, that field.
  const formProblem = problem?.field === "form" ? problem.message : null;
  const passwordProblem = problem?.field === "password" ? problem.message : formProblem;
  return (
    <form className="auth-form" onSubmit={onSubmit}>
      <EmailField
        id={emailId}
        look="auth"
        placeholder="name@example.com"
        error={problem?.field === "email" ? problem.message : undefined}
        describedBy={[formProblem ? problemId : null]}
      />
      <label htmlFor={passwordId}>Password</label>
      <input
        id={passwordId}
        name="password"
        type="password"
        autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
        aria-invalid={passwordProblem !== null}
        aria-describedby={
          [mode === "sign-up" ? ruleId : null, passwordProblem ? problemId : null].filter(Boolean).join(" ") ||
          undefined
        }
      />
      {mode === "sign-up" ? (
        <p id={ruleId} className="auth-subtitle">
          {PASSWORD_RULE}
        </p>
      ) : null}
      {passwordProblem ? (
        <p id={problemId} className="field-error" role="alert">
          {passwordProblem}
        </p>
      ) : null}
      <button type="submit" className="button button-primary auth-submit" disabled={pending} aria-busy={pending}>
        {mode === "sign-in" ? "Let's Go!" : "Sign Up"}
      </button>
    </form>
  );
}

function failureMessage(mode: Mode, refusal: Extract<ActionOutcome<unknown>, { ok: false }>): string {
  const { status, message: serverMessage } = refusal;
  // Being limited, a taken e-mail and a weak password say so; other failures use the spec's words.
  if (status === 429 && serverMessage) return serverMessage;
  if (mode === "sign-in") return "The password doesn't match";
  if ((status === 409 || status === 400) && serverMessage) return serverMessage;
  return "Something went wrong";
}
