import { BranchList } from "../../features/branches/branch-list.tsx";
import { summariseOpeningHours, todaysHoursText, weekdayIn } from "@bureau/domain/opening-hours";
import { loaderDisplayDates } from "../../lib/display-dates.ts";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/branches";

export const meta: Route.MetaFunction = () => [
  { title: "Our Branches | Harbour FX" },
  {
    name: "description",
    content:
      "Harbour FX branches in Worthing, Brighton, Chichester and London: addresses, phone numbers, today's opening hours, rates and the currencies in stock.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { branches } = await serverApi(context).reference.branches();
  const today = weekdayIn(loaderDisplayDates(context).timeZone, new Date());
  return {
    branches: branches.map(({ key, name, addressLines, postcode, phone, mapQuery, hours }) => ({
      key,
      name,
      addressLines,
      postcode,
      phone,
      mapQuery,
      today: todaysHoursText(hours, today),
      hours: summariseOpeningHours(hours),
    })),
  };
}

export default function Branches({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="banner">
        <h1>Our branches</h1>
        <p>
          Collect your currency or sell it back at any of our {loaderData.branches.length} branches. Call a branch for
          an order above our online limit or to check a currency before you come.
        </p>
      </section>
      <div className="page branches-page">
        <BranchList branches={loaderData.branches} />
      </div>
    </>
  );
}
