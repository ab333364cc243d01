import { redirect } from "react-router";
import { landingPageOf } from "@bureau/domain/staff-permissions";
import { staffUserContext } from "./dashboard-layout.tsx";
import type { Route } from "./+types/dashboard-index";

/**
 * /dashboard alone opens the first dashboard page the role holds (issue 5 §5; decision 035): Statics
 * for a manager or an admin, Pending Orders for a cashier, Compliance for the MLRO. The layout's guard runs first.
 */
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(landingPageOf(context.get(staffUserContext).role));
}

export default function DashboardIndex() {
  return null;
}
