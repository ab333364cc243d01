import { useEffect, useState } from "react";
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { ContactFields } from "@bureau/domain/contracts/contact";
import { RenderWhenVisible } from "../../components/ui/render-when-visible.tsx";
import { company } from "../../content/company.ts";
import { BranchCards } from "../../features/public/branch-cards.tsx";
import { branchViews } from "../../features/public/display-format.ts";
import { ContactForm, type ContactFormResult, type ContactFormValues } from "../../features/public/contact-form.tsx";
import { googleMapsEmbedUrl, googleMapsSearchUrl, telHref } from "../../features/public/branch-format.ts";
import { sendContactMessage } from "../../features/public/public-api.ts";
import { ApiClientError, apiFieldProblems } from "../../lib/api-client.ts";
import { readFormFields } from "../../lib/form-fields.ts";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () => [
  { title: "Contact Us | Harbour FX" },
  {
    name: "description",
    content:
      "Contact Harbour FX: call or e-mail our branches in Worthing, Brighton, Chichester and London, see their opening hours, or send our support team a message.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { branches } = await serverApi(context).reference.branches();
  // Every branch (the spec showed two; a customer may call any of them).
  return { branches: branchViews(branches) };
}

const FIELD_NAMES: ContactFields[] = ["name", "email", "phone", "message"];

export async function action({ request, context }: Route.ActionArgs) {
  // Posts from another site never get here: the server refuses them first (plugins/cross-site.ts).
  const text = await readFormFields(request);
  const values = Object.fromEntries(FIELD_NAMES.map((name) => [name, text(name)])) as ContactFormValues;
  try {
    const response = await sendContactMessage(serverApi(context), { ...values, website: text("website") });
    return { ok: true, message: response.message } satisfies ContactFormResult;
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
    const fields = apiFieldProblems(error, FIELD_NAMES);
    const message =
      Object.keys(fields).length > 0
        ? "Your message was not sent. Please correct the fields marked below."
        : error.message;
    return data({ ok: false, message, fields, values } satisfies ContactFormResult, { status: error.status });
  }
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Sending a message changes nothing the page loaded (the branches).
  return formMethod ? false : defaultShouldRevalidate;
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { branches } = loaderData;
  const mapBranch = branches[0];
  return (
    <>
      <section className="banner">
        <h1>Contact Us</h1>
        <p>
          Questions about an order, our rates or a money transfer? Call or e-mail a branch, or send our support team a
          message and we will reply within one working day. You can also call us on{" "}
          <a className="banner-link" href={telHref(company.supportPhone)}>
            {company.supportPhone}
          </a>
          .
        </p>
      </section>
      <div className="page contact-layout">
        <section aria-labelledby="contact-branches-heading">
          <h2 id="contact-branches-heading">Our branches</h2>
          {mapBranch ? (
            <figure className="contact-map-figure">
              <div className="contact-map">
                {/* Behind the map: what shows if the map service cannot be reached. */}
                <p className="contact-map-fallback">
                  {mapBranch.name}: {[...mapBranch.addressLines, mapBranch.postcode].join(", ")}
                </p>
                <BranchMap
                  title={`Map showing our ${mapBranch.name} branch`}
                  src={googleMapsEmbedUrl(mapBranch.mapQuery)}
                />
              </div>
              <figcaption>
                <a
                  className="contact-map-link"
                  href={googleMapsSearchUrl(mapBranch.mapQuery)}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  Open in Google Maps<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </figcaption>
            </figure>
          ) : null}
          {/* Below the map on a phone: rendered when it nears the screen. */}
          <RenderWhenVisible data={branches}>
            <BranchCards branches={branches} show={{ email: true, hours: true }} headingLevel={3} />
          </RenderWhenVisible>
          <p className="contact-support">
            <Link to="/branches">Each branch's rates and the currencies it has in stock today</Link>
          </p>
          <p className="contact-support">
            Support e-mail: <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>
          </p>
        </section>
        {/* Not a labelled region, so that "Message" names only the message box. */}
        <div>
          <h2>Send us a message</h2>
          <ContactForm result={actionData} />
        </div>
      </div>
    </>
  );
}

/**
 * The embedded map, requested once the page is interactive: it is a page from another site (a new
 * connection, and the map service's own scripts on a phone's connection), so it waits until our page has
 * painted and hydrated instead of competing with them. Without JavaScript the server's `<noscript>` copy
 * loads it at once. Until it shows, the address behind it (contact-map-fallback) says where the branch is.
 */
function BranchMap({ title, src }: { title: string; src: string }) {
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const map = <iframe title={title} src={src} loading="lazy" referrerPolicy="no-referrer-when-downgrade" />;
  return interactive ? map : <noscript>{map}</noscript>;
}
