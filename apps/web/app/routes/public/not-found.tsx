import { data } from "react-router";

export function loader() {
  // A real 404 status, not a soft 404, for people and search engines.
  throw data(null, { status: 404 });
}

/** Never rendered: the loader always throws its 404, which the public layout's error boundary shows. */
export default function NotFound() {
  return null;
}
