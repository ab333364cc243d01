import { useRouteLoaderData } from "react-router";
import { DEFAULT_RETENTION } from "@bureau/domain/retention";
import { privacySections } from "../../content/privacy.ts";
import { LegalDocument } from "../../features/public/legal-document.tsx";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [
  { title: "Privacy Policy | Harbour FX" },
  {
    name: "description",
    content:
      "How Harbour FX collects, uses, keeps and protects your personal, financial and compliance data, your data rights, our cookie use and how to complain.",
  },
];

export default function Privacy() {
  const retention = useRouteLoaderData<typeof rootLoader>("root")?.publicConfig?.retention ?? DEFAULT_RETENTION;
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="How we look after your personal data when you use our website, our branches and our money transfer partners."
      sections={privacySections(retention)}
    />
  );
}
