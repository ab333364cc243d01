import type { AdminUser, Role } from "@bureau/domain/contracts/accounts";
import {
  type AccountRole,
  refusalToAssign,
  roleLabels,
  type StaffPlacement,
  worksAtBranches,
} from "@bureau/domain/staff-permissions";
import { type FormEvent, useId, useState } from "react";

/** The roles an actor may give (refusalToAssign lets a manager give only cashier at their own branches). */
function assignableRoles(actor: StaffPlacement): AccountRole[] {
  return (["cashier", "manager", "mlro", "admin"] as const).filter(
    (role) => refusalToAssign(actor, role, actor.branches.slice(0, 1)) === null,
  );
}

/**
 * One person's role and branches, as a small form in their row of the Users page. The select offers only
 * the roles the signed-in member of staff may give; the branch boxes only their own branches (every
 * branch for an admin). The server checks the same rules again (decision 035).
 */
export function StaffRoleEditor({
  user,
  actor,
  branches,
  busy,
  onSave,
  onCancel,
}: {
  user: AdminUser;
  actor: StaffPlacement;
  branches: ReadonlyArray<{ key: string; name: string }>;
  busy: boolean;
  onSave: (role: Role, branches: string[]) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const roles = assignableRoles(actor);
  const [role, setRole] = useState<Role>(user.role !== "user" && roles.includes(user.role) ? user.role : roles[0]!);
  const [chosen, setChosen] = useState<string[]>(user.branches);
  const [problem, setProblem] = useState<string | null>(null);
  const offered = branches.filter((branch) => actor.role === "admin" || actor.branches.includes(branch.key));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = worksAtBranches(role) ? chosen : [];
    const refusal = refusalToAssign(actor, role, wanted);
    setProblem(refusal);
    if (!refusal) onSave(role, wanted);
  };

  return (
    <form className="staff-role-editor" onSubmit={submit} aria-label={`Role of ${user.email}`} noValidate>
      <label htmlFor={`${id}-role`}>Role</label>
      <select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as Role)}>
        {roles.map((option) => (
          <option key={option} value={option}>
            {roleLabels[option]}
          </option>
        ))}
      </select>
      {worksAtBranches(role) ? (
        <fieldset aria-describedby={problem ? `${id}-problem` : undefined}>
          <legend>Branches</legend>
          {offered.map((branch) => (
            <label key={branch.key} className="checkbox-field">
              <input
                type="checkbox"
                checked={chosen.includes(branch.key)}
                onChange={(event) =>
                  setChosen((now) =>
                    event.target.checked ? [...now, branch.key] : now.filter((key) => key !== branch.key),
                  )
                }
              />
              {branch.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="staff-role-actions">
        <button type="submit" className="button button-small" disabled={busy}>
          Save role
        </button>
        <button type="button" className="button button-small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
