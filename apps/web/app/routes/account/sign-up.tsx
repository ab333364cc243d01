import { Link, useLocation } from "react-router";
import { authAction } from "../../features/account/auth-action.ts";
import { AuthForm } from "../../features/account/auth-form.tsx";
import { signInProviders } from "../../features/account/account-api.ts";
import { returnTargetOf } from "../../features/account/redirect-target.ts";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/sign-up";

export const meta: Route.MetaFunction = () => [
  { title: "Sign Up | Harbour FX" },
  { name: "description", content: "Create your Harbour FX account." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return signInProviders(serverApi(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  return authAction(request, context);
}

export default function SignUp({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const target = returnTargetOf(location);
  return (
    <div className="page auth-page">
      <AuthForm
        mode="sign-up"
        providers={loaderData.providers}
        heading="Create your account"
        subtitle="Reserve your travel money faster next time."
        footer={
          <>
            Already have an account?{" "}
            <Link to="/signin" state={{ from: target }}>
              Sign In
            </Link>
          </>
        }
      />
    </div>
  );
}
