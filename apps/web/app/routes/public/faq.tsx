import { Link } from "react-router";
import { faqItemsFor } from "../../content/faq.ts";
import { FaqAccordion } from "../../features/public/faq-accordion.tsx";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Frequently Asked Questions | Harbour FX" },
  {
    name: "description",
    content: `Answers about ordering travel money with Harbour FX: ${loaderData?.currencyCount ?? "dozens of"} currencies, 0% commission, no hidden charges, processing times and the ID you need to collect.`,
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  // "Which currencies do you offer?" answers with the number on sale today.
  const { currencies } = await serverApi(context).reference.currencies();
  return { currencyCount: currencies.length, faqItems: faqItemsFor(currencies.length) };
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { faqItems } = loaderData;
  return (
    <>
      <section className="banner">
        <h1>Frequently Asked Questions</h1>
        <p>Quick answers about ordering, collecting and selling currency with us.</p>
      </section>
      <div className="page narrow">
        <FaqAccordion items={faqItems} headingLevel={2} />
        <p className="faq-more">
          Can't find your answer? <Link to="/contact">Contact us</Link>.
        </p>
      </div>
    </>
  );
}
