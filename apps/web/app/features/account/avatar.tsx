import { initialsOf } from "@bureau/domain/account-rules";
import type { SessionUser } from "@bureau/domain/contracts/accounts";

/** The person's photo, or their initials when they have none (issue 5 §9). Decorative: label the control. */
export function Avatar({
  user,
  size = "small",
}: {
  user: Pick<SessionUser, "name" | "email" | "image">;
  size?: "small" | "large";
}) {
  const className = `avatar avatar-${size}`;
  if (user.image)
    return (
      <img
        className={className}
        src={user.image}
        alt=""
        width={size === "large" ? 96 : 36}
        height={size === "large" ? 96 : 36}
      />
    );
  return (
    <span className={`${className} avatar-initials`} aria-hidden="true">
      {initialsOf(user)}
    </span>
  );
}
