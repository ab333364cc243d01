import { BoardFeaturedForm } from "../../features/dashboard/board-featured-form.tsx";
import { saveBoardFeatured } from "../../features/dashboard/dashboard-api.ts";
import { apiAction, readIntent, serverApi } from "../../lib/server-api.ts";
import "../../features/dashboard/dashboard.css";
import type { Route } from "./+types/rate-board-settings";

export const meta: Route.MetaFunction = () => [{ title: "Rate Board | Harbour FX dashboard" }];

export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [featured, list] = await Promise.all([api.admin.board.featured(), api.admin.currencies.list()]);
  return {
    branches: featured.branches,
    currencies: list.currencies.map(({ code, label }) => ({ code, label })),
  };
}

/** Saves the currencies one branch's board features (the API checks the branch and the codes). */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["board-featured"]);
  return apiAction(context, (api) => saveBoardFeatured(api, posted.text("branch"), posted.value("currencies")));
}

/** Staff choose each branch's rate board currencies (the board itself is the public /board/{branch}). */
export default function RateBoardSettings({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Rate Board</h1>
      <p>
        Each branch's board (for the shop window or a screen in the branch) shows these currencies' Click & Collect and
        Click & Sell rates, and updates itself when rates change.
      </p>
      <BoardFeaturedForm branches={loaderData.branches} currencies={loaderData.currencies} />
    </section>
  );
}
