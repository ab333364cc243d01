import type { AdminUser, Role } from "@bureau/domain/contracts/accounts";
import { refusalToManage, roleLabels, roleMay, type StaffPlacement } from "@bureau/domain/staff-permissions";
import { useState } from "react";
import { DataTable } from "../../components/ui/data-table.tsx";
import { Pager } from "../../components/ui/pager.tsx";
import { useConfirm } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import {
  listUsers,
  makeAdmin,
  resetAuthenticator,
  setStaffRole,
  setUserDisabled,
} from "../../features/account/account-api.ts";
import { StaffRoleEditor } from "../../features/staff/staff-role-editor.tsx";
import { useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent, refusalAsResponse, serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/users";
import { staffUserContext } from "./dashboard-layout.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Users | Harbour FX Dashboard" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const after = url.searchParams.get("after");
  const api = serverApi(context);
  const me = context.get(staffUserContext);
  const [page, { branches }] = await Promise.all([refusalAsResponse(listUsers(api, after)), api.reference.branches()]);
  return {
    page,
    paged: Boolean(after),
    me: { id: me.id, role: me.role, branches: me.branches },
    branches: branches.map((branch) => ({ key: branch.key, name: branch.name })),
  };
}

/**
 * Make Admin (the API refuses it for an unverified e-mail and says why), Reset authenticator, a role with
 * branches (Demote gives "user"), Disable and Enable. The server checks who may do which (decision 035).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["make-admin", "reset-authenticator", "set-role", "disable", "enable"]);
  const userId = posted.text("userId");
  switch (posted.intent) {
    case "reset-authenticator":
      return apiAction(context, (api) => resetAuthenticator(api, userId));
    case "set-role": {
      const branches = posted.value("branches");
      const list = Array.isArray(branches) ? branches.filter((key): key is string => typeof key === "string") : [];
      return apiAction(context, (api) => setStaffRole(api, userId, posted.text("role") as Role, list));
    }
    case "disable":
    case "enable":
      return apiAction(context, (api) => setUserDisabled(api, userId, posted.intent === "disable"));
    default:
      return apiAction(context, (api) => makeAdmin(api, userId));
  }
}

function roleText(user: AdminUser, branchNames: Map<string, string>) {
  const at = user.branches.map((key) => branchNames.get(key) ?? key).join(", ");
  return `${roleLabels[user.role]}${at ? ` · ${at}` : ""}${user.disabled ? " (disabled)" : ""}`;
}

/**
 * Users with e-mail, whether it is verified, and role, and Make Admin (spec §2, §4), one keyset page at
 * a time; each row also offers its role and branches, Demote, Disable or Enable, and Reset authenticator,
 * as far as the signed-in member of staff may change that person (refusalToManage).
 */
export default function Users({ loaderData }: Route.ComponentProps) {
  const { page, paged, me, branches } = loaderData;
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const { submit, busy } = useRouteAction<AdminUser>();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const branchNames = new Map(branches.map((branch) => [branch.key, branch.name]));
  const busyId = busy ? chosenId : null;

  const run = async (user: AdminUser, intent: string, fields: Record<string, unknown>, done: string) => {
    setChosenId(user.id);
    const outcome = await submit(intent, { userId: user.id, ...fields } as never);
    if (outcome.ok) {
      toast.success(done);
      setEditingId(null);
    } else toast.error(outcome.message);
  };
  const askThen = async (text: string | undefined, confirmLabel: string, then: () => Promise<void>) => {
    if (await confirm({ text, confirmLabel })) await then();
  };

  return (
    <section className="dashboard-page" aria-labelledby="users-heading">
      <h1 id="users-heading">Users</h1>
      <DataTable className="dashboard-table" columns={["Email", "Email verified", "Role", "Action"]} scrollable>
        {page.users.map((user) => (
          <UserRow
            key={user.id}
            user={user}
            me={me}
            roleText={roleText(user, branchNames)}
            busy={busyId === user.id}
            editing={editingId === user.id}
            onEdit={() => setEditingId(user.id)}
            editor={
              <StaffRoleEditor
                user={user}
                actor={me}
                branches={branches}
                busy={busyId === user.id}
                onCancel={() => setEditingId(null)}
                onSave={(role, chosen) =>
                  void run(user, "set-role", { role, branches: chosen }, `${user.email} is now ${roleLabels[role]}`)
                }
              />
            }
            onMakeAdmin={() =>
              void askThen(undefined, "Yes, make admin", () =>
                run(user, "make-admin", {}, `${user.email} is now an Admin`),
              )
            }
            onDemote={() =>
              void askThen(`${user.email} will no longer have a staff role.`, "Yes, demote", () =>
                run(user, "set-role", { role: "user", branches: [] }, `${user.email} is no longer staff`),
              )
            }
            onDisable={() =>
              user.disabled
                ? void run(user, "enable", {}, `${user.email} can sign in again`)
                : void askThen(`${user.email} will be signed out and cannot sign in.`, "Yes, disable", () =>
                    run(user, "disable", {}, `${user.email} is disabled`),
                  )
            }
            onResetFactor={() =>
              void askThen(
                `${user.email} will need a new authenticator: theirs stops working and they are e-mailed a link to set one up again.`,
                "Yes, reset",
                () =>
                  run(
                    user,
                    "reset-authenticator",
                    {},
                    `${user.email} has been e-mailed a link to set up an authenticator again`,
                  ),
              )
            }
          />
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

function UserRow(props: {
  user: AdminUser;
  me: StaffPlacement & { id: string };
  roleText: string;
  busy: boolean;
  editing: boolean;
  editor: React.ReactNode;
  onEdit: () => void;
  onMakeAdmin: () => void;
  onDemote: () => void;
  onDisable: () => void;
  onResetFactor: () => void;
}) {
  const { user, me, busy } = props;
  const mayChange = refusalToManage(me, user) === null;
  const label = (action: string) => `${action} ${user.email}`;
  return (
    <tr>
      <td>{user.email}</td>
      <td>{user.emailVerified ? "Yes" : "No"}</td>
      <td>{props.roleText}</td>
      <td>
        {roleMay(me.role, "roles.assign") ? (
          <button
            type="button"
            className="button button-small"
            disabled={user.role === "admin" || busy}
            onClick={props.onMakeAdmin}
          >
            Make Admin
          </button>
        ) : null}
        {mayChange && !props.editing ? (
          <RowAction text="Change role" label={label("Change role of")} onClick={props.onEdit} />
        ) : null}
        {mayChange && user.role !== "user" ? (
          <RowAction text="Demote" label={label("Demote")} busy={busy} onClick={props.onDemote} />
        ) : null}
        {mayChange ? (
          <RowAction
            text={user.disabled ? "Enable" : "Disable"}
            label={label(user.disabled ? "Enable" : "Disable")}
            busy={busy}
            onClick={props.onDisable}
          />
        ) : null}
        {mayChange && user.role !== "user" ? (
          <RowAction
            text="Reset authenticator"
            label={label("Reset authenticator of")}
            busy={busy}
            onClick={props.onResetFactor}
          />
        ) : null}
        {props.editing ? props.editor : null}
      </td>
    </tr>
  );
}

/** One of a row's small buttons, named for screen readers with the person it acts on. */
function RowAction({
  text,
  label,
  busy = false,
  onClick,
}: {
  text: string;
  label: string;
  busy?: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className="button button-small" disabled={busy} aria-label={label} onClick={onClick}>
      {text}
    </button>
  );
}
