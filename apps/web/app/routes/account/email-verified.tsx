import { verificationLinkProblem } from "@bureau/domain/account-rules";
import { Link } from "react-router";
import type { Route } from "./+types/email-verified";

export const meta: Route.MetaFunction = () => [
  { title: "E-mail address | Harbour FX" },
  { name: "robots", content: "noindex" },
];

export async function loader({ url }: Route.LoaderArgs) {
  return { problem: verificationLinkProblem(url.searchParams.get("error")) ?? null };
}

/**
 * Where the verification e-mail's link lands once the server has checked it (better-auth's
 * /api/auth/verify-email redirects here, with ?error=… when the link was expired or not valid).
 */
export default function EmailVerified({ loaderData }: Route.ComponentProps) {
  const { problem } = loaderData;
  return (
    <div className="page auth-page">
      <section className="auth-card" aria-labelledby="verified-heading">
        {problem ? (
          <>
            <h1 id="verified-heading">This link did not work</h1>
            <p role="alert">{problem}</p>
            <p className="auth-footer">
              <Link to="/account/profile">Go to your profile</Link>
            </p>
          </>
        ) : (
          <>
            <h1 id="verified-heading">Your e-mail address is verified</h1>
            <p>Thank you: your e-mail address is confirmed.</p>
            <p className="auth-footer">
              <Link to="/">Back to Travel Money</Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
