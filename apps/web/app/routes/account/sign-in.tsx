import { Link, useLocation } from "react-router";
import { authAction } from "../../features/account/auth-action.ts";
import { AuthForm } from "../../features/account/auth-form.tsx";
import { signInProviders } from "../../features/account/account-api.ts";
import { returnTargetOf } from "../../features/account/redirect-target.ts";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = () => [
  { title: "Sign In | Harbour FX" },
  { name: "description", content: "Sign in to your Harbour FX account." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return signInProviders(serverApi(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  return authAction(request, context);
}

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const target = returnTargetOf(location);
  return (
    <div className="page auth-page">
      <AuthForm
        mode="sign-in"
        providers={loaderData.providers}
        heading="Welcome back!"
        subtitle="We are happy to see you here. Thanks for coming"
        footer={
          <>
            <Link to="/forgotPassword">Forgot password?</Link>
            <br />
            New User here ?{" "}
            <Link to="/signup" state={{ from: target }}>
              Sign Up
            </Link>
          </>
        }
      />
    </div>
  );
}
