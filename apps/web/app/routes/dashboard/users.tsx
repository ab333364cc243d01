import type { AdminUser } from "@bureau/domain/contracts/accounts";
import { useState } from "react";
import { Pager } from "../../components/ui/pager.tsx";
import { useConfirm } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { listUsers, makeAdmin, resetAuthenticator } from "../../features/account/account-api.ts";
import { useSessionUser } from "../../features/account/session.ts";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent, refusalAsResponse, serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/users";
import { DataTable } from "../../components/ui/data-table.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Users | Harbour FX Dashboard" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const after = url.searchParams.get("after");
  return { page: await refusalAsResponse(listUsers(serverApi(context), after)), paged: Boolean(after) };
}

/**
 * Make Admin (the API refuses it for an unverified e-mail and says why), and Reset authenticator of
 * another admin (decision 032: they are e-mailed a new set-up link).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["make-admin", "reset-authenticator"]);
  const userId = posted.text("userId");
  if (posted.intent === "reset-authenticator") return apiAction(context, (api) => resetAuthenticator(api, userId));
  return apiAction(context, (api) => makeAdmin(api, userId));
}

const roleLabel = (role: AdminUser["role"]) => (role === "admin" ? "Admin" : "User");

/**
 * Users with e-mail, whether it is verified, and role, and Make Admin (spec §2, §4), one keyset page at
 * a time. The server refuses Make Admin for an unverified e-mail and says why (shown as a toast).
 */
export default function Users({ loaderData }: Route.ComponentProps) {
  const { page, paged } = loaderData;
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const { submit, busy } = useRouteAction<AdminUser>();
  const [chosenId, setChosenId] = useState<string | null>(null);
  // Nobody resets their own authenticator (the server refuses it too): the button is for the others.
  const me = useSessionUser();

  const promote = async (user: AdminUser) => {
    if (!(await confirm({ confirmLabel: "Yes, make admin" }))) return;
    setChosenId(user.id);
    const outcome = await submit("make-admin", { userId: user.id });
    if (outcome.ok) toast.success(`${user.email} is now an Admin`);
    else toast.error(outcome.message);
  };
  const resetFactor = async (user: AdminUser) => {
    const text = `${user.email} will need a new authenticator: theirs stops working and they are e-mailed a link to set one up again.`;
    if (!(await confirm({ text, confirmLabel: "Yes, reset" }))) return;
    setChosenId(user.id);
    const outcome = await submit("reset-authenticator", { userId: user.id });
    if (outcome.ok) toast.success(`${user.email} has been e-mailed a link to set up an authenticator again`);
    else toast.error(outcome.message);
  };
  const busyId = busy ? chosenId : null;

  return (
    <section className="dashboard-page" aria-labelledby="users-heading">
      <h1 id="users-heading">Users</h1>
      <DataTable className="dashboard-table" columns={["Email", "Email verified", "Role", "Action"]} scrollable>
        {page.users.map((user) => (
          <tr key={user.id}>
            <td>{user.email}</td>
            <td>{user.emailVerified ? "Yes" : "No"}</td>
            <td>{roleLabel(user.role)}</td>
            <td>
              <button
                type="button"
                className="button button-small"
                disabled={user.role === "admin" || busyId === user.id}
                onClick={() => void promote(user)}
              >
                Make Admin
              </button>
              {user.role === "admin" && user.id !== me?.id ? (
                <button
                  type="button"
                  className="button button-small"
                  disabled={busyId === user.id}
                  aria-label={`Reset authenticator of ${user.email}`}
                  onClick={() => void resetFactor(user)}
                >
                  Reset authenticator
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager
        label="Pages of users"
        firstHref={paged ? "/dashboard/Users" : null}
        firstText="First page"
        nextHref={page.nextCursor ? `/dashboard/Users?after=${encodeURIComponent(page.nextCursor)}` : null}
        nextText="Next page"
        plainLinks
      />
      {dialog}
    </section>
  );
}
