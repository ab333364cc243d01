import { data, type RouterContextProvider } from "react-router";
import { type SessionUser, sessionOfRequest } from "../account/session.ts";

/**
 * The branch a staff page about one's own work is for (the till, the counter): `?branch=`, else the
 * first branch the staff member works at; 403 in words when they work at none yet. The API checks the
 * branch again.
 */
export async function ownBranchOf(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<{ branch: string; mine: readonly string[]; user: SessionUser }> {
  const { user } = await sessionOfRequest(context);
  const mine = user?.branches ?? [];
  const branch = new URL(request.url).searchParams.get("branch") ?? mine[0];
  if (!user || !branch)
    throw data("You do not work at any branch yet: ask a manager to add you to one.", { status: 403 });
  return { branch, mine, user };
}

/** The branches of the reference list one works at, for the page's branch choice. */
export function ownBranches(all: readonly { key: string; name: string }[], mine: readonly string[]) {
  return all.filter((b) => mine.includes(b.key)).map((b) => ({ key: b.key, name: b.name }));
}
