// PENDING-FEATURE: replaced by the feature's real screen.
import { data } from "react-router";
export function loader() {
  throw data(null, { status: 404 });
}
export default function Pending() {
  return null;
}
