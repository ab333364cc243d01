import { redirect } from "react-router";

/** /dashboard alone opens the first dashboard page (issue 5 §5). The layout's guard runs first. */
export function loader() {
  throw redirect("/dashboard/Statics");
}

export default function DashboardIndex() {
  return null;
}
