// PENDING-FEATURE: replaced by the dashboard layout and guard.
import { Outlet } from "react-router";
export default function DashboardLayout() {
  return <Outlet />;
}
