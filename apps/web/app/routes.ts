import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Paths are the spec's, spelled as given. React Router matches paths case-insensitively, so
 * /signIn and /signin (and /signUp, /signup) reach the same screen.
 */
export default [
  layout("routes/public/public-layout.tsx", [
    index("routes/public/home.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
] satisfies RouteConfig;
