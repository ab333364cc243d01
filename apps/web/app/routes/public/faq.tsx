import { Link } from "react-router";
import { faqItems } from "../../content/faq.ts";
import { FaqAccordion } from "../../features/public/faq-accordion.tsx";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = () => [
  { title: "Frequently Asked Questions | Harbour FX" },
  {
    name: "description",
    content:
      "Answers about ordering travel money with Harbour FX: over 70 currencies, 0% commission, no hidden charges, processing times and the ID you need to collect.",
  },
];

export default function Faq() {
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
