import { PASSWORD_MIN_LENGTH, PASSWORD_RULE, PASSWORD_TOO_SHORT_MESSAGE } from "@bureau/domain/account-rules";
import { type FormEvent, useId, useState } from "react";
import { FormField } from "../../components/ui/form-field.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useRouteAction } from "../../lib/route-action.ts";

type PasswordProblems = { currentPassword?: string; newPassword?: string; form?: string };

/**
 * "Change password": the current password and a new one, the rules shown before anything is typed; every
 * problem at once, at its field and in the toast (as the sign-in screens do). The server ends every other
 * session of the account; this device gets a new one.
 */
export function ChangePasswordForm() {
  const toast = useToast();
  const id = useId();
  const passwordChange = useRouteAction<unknown>();
  const [problems, setProblems] = useState<PasswordProblems>({});

  const refuse = (found: PasswordProblems) => {
    setProblems(found);
    toast.error(Object.values(found).join(" "));
  };
  const changePassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const currentPassword = String(fields.get("currentPassword") ?? "");
    const newPassword = String(fields.get("newPassword") ?? "");
    const found: PasswordProblems = {};
    if (!currentPassword) found.currentPassword = "Enter your current password";
    if (newPassword.length < PASSWORD_MIN_LENGTH) found.newPassword = PASSWORD_TOO_SHORT_MESSAGE;
    if (Object.keys(found).length > 0) {
      refuse(found);
      form
        .querySelector<HTMLInputElement>(`[name="${found.currentPassword ? "currentPassword" : "newPassword"}"]`)
        ?.focus();
      return;
    }
    setProblems({});
    const outcome = await passwordChange.submit("change-password", { currentPassword, newPassword });
    if (!outcome.ok) {
      const atCurrent = outcome.fields?.currentPassword;
      const atNew = outcome.fields?.password;
      return refuse(
        atCurrent || atNew
          ? { ...(atCurrent ? { currentPassword: atCurrent } : {}), ...(atNew ? { newPassword: atNew } : {}) }
          : { form: outcome.message },
      );
    }
    form.reset();
    toast.success("Your password is changed. Every other device is signed out.");
  };

  return (
    <form className="profile-form" onSubmit={changePassword} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Change password</h2>
      <FormField
        id={`${id}-current`}
        label="Current password"
        look="auth"
        error={problems.currentPassword}
        input={(props) => <input {...props} name="currentPassword" type="password" autoComplete="current-password" />}
      />
      <FormField
        id={`${id}-new`}
        label="New password"
        look="auth"
        error={problems.newPassword}
        describedBy={[`${id}-rule`]}
        input={(props) => <input {...props} name="newPassword" type="password" autoComplete="new-password" />}
      />
      <p id={`${id}-rule`} className="auth-subtitle">
        {PASSWORD_RULE} Changing it signs you out on every other device.
      </p>
      {problems.form ? (
        <p className="field-error" role="alert">
          {problems.form}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button-primary"
        disabled={passwordChange.busy}
        aria-busy={passwordChange.busy}
      >
        Change password
      </button>
    </form>
  );
}
