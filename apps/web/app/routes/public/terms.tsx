import { useRouteLoaderData } from "react-router";
import { DEFAULT_ORDER_EXPIRY } from "@bureau/domain/order-lifecycle";
import { DEFAULT_ORDER_LIMITS } from "@bureau/domain/order-limits";
import { termsSections } from "../../content/terms.ts";
import { LegalDocument } from "../../features/public/legal-document.tsx";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => [
  { title: "Terms & Conditions | Harbour FX" },
  {
    name: "description",
    content:
      "The terms for Harbour FX travel money: Click & Collect and Click & Sell reservations, payment, collection and ID, cancellations and refunds, money transfers and our liability.",
  },
];

export default function Terms() {
  const publicConfig = useRouteLoaderData<typeof rootLoader>("root")?.publicConfig;
  const limits = publicConfig?.orderLimits ?? DEFAULT_ORDER_LIMITS;
  const expiry = publicConfig?.orderExpiry ?? DEFAULT_ORDER_EXPIRY;
  return (
    <LegalDocument
      title="TERMS & CONDITIONS"
      intro="The terms that apply when you reserve, buy or sell currency with us, or send money through our partners."
      sections={termsSections(limits, expiry)}
    />
  );
}
