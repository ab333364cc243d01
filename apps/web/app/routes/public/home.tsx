import { Link, useRouteLoaderData } from "react-router";
import { DEFAULT_ORDER_LIMITS } from "@bureau/domain/order-limits";
import { company, sellingPointsFor } from "../../content/company.ts";
import { RenderWhenVisible } from "../../components/ui/render-when-visible.tsx";
import { faqItemsFor } from "../../content/faq.ts";
import { aboutParagraphs, howItWorksStepsFor } from "../../content/home.ts";
import { AppDownload } from "../../features/public/app-download.tsx";
import { BranchCards } from "../../features/public/branch-cards.tsx";
import { CompareRatesBlock } from "../../features/public/compare-rates.tsx";
import { CurrencyGrid } from "../../features/public/currency-grid.tsx";
import { branchViews, compareView, ratesView } from "../../features/public/display-format.ts";
import { ExchangeWidget } from "../../features/public/exchange-widget.tsx";
import { FaqAccordion } from "../../features/public/faq-accordion.tsx";
import { getCompareRates } from "../../features/public/public-api.ts";
import { toRateRows } from "../../features/public/rate-rows.ts";
import { serverApi } from "../../lib/server-api.ts";
import { loaderDisplayDates } from "../../lib/display-dates.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Travel Money with 0% Commission | Harbour FX" },
  {
    name: "description",
    content: `Buy travel money online with 0% commission and collect it today from our branches in Worthing, Brighton, Chichester and London. ${loaderData?.currencies.length ?? "Dozens of"} currencies.`,
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const dates = loaderDisplayDates(context);
  const [currencyList, branchList, compare] = await Promise.all([
    api.reference.currencies(),
    api.reference.branches(),
    getCompareRates(api),
  ]);
  const rates = ratesView(currencyList.rates, dates);
  // The texts that name how many currencies we have say the real number (filled in here, on the server).
  const currencyCount = currencyList.currencies.length;
  return {
    sellingPoints: sellingPointsFor(currencyCount),
    howItWorksSteps: howItWorksStepsFor(currencyCount),
    faqItems: faqItemsFor(currencyCount),
    // Sent with the page's data like the texts above, not bundled: the home page's JavaScript stays smaller.
    aboutParagraphs,
    currencies: toRateRows(currencyList.currencies),
    ratesUpdated: rates,
    branches: branchViews(branchList.branches),
    compare: compareView(compare, dates, rates),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { currencies, ratesUpdated } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <section className="home-hero" id="top" aria-labelledby="hero-heading">
        <div className="home-hero-inner">
          <div className="home-hero-copy">
            <h1 id="hero-heading">Travel money with 0% commission</h1>
            <p>
              Reserve {currencies.length} currencies online at our best rates and collect them today from our branches
              in Worthing, Brighton, Chichester and London.
            </p>
          </div>
          <ExchangeWidget
            currencies={currencies}
            rates={ratesUpdated}
            orderLimits={root?.publicConfig.orderLimits ?? DEFAULT_ORDER_LIMITS}
          />
        </div>
      </section>

      <BelowTheHero
        {...loaderData}
        appStoreUrl={root?.publicConfig.appStoreUrl ?? null}
        playStoreUrl={root?.publicConfig.playStoreUrl ?? null}
      />
    </>
  );
}

/**
 * The home page below its hero: each part renders when it nears the screen. On a phone the first screen is
 * the hero and its exchange widget; the rest is read (or never reached) long after the page is interactive.
 */
function BelowTheHero({
  currencies,
  ratesUpdated,
  branches,
  compare,
  sellingPoints,
  howItWorksSteps,
  faqItems,
  aboutParagraphs,
  appStoreUrl,
  playStoreUrl,
}: Route.ComponentProps["loaderData"] & { appStoreUrl: string | null; playStoreUrl: string | null }) {
  return (
    <>
      <RenderWhenVisible>
        <section className="selling-points" aria-label={`Why choose ${company.tradingName}`}>
          <ul className="page">
            {sellingPoints.map((point) => (
              <li key={point.title}>
                <h2 className="selling-point-title">{point.title}</h2>
                <p>{point.description}</p>
              </li>
            ))}
          </ul>
        </section>
      </RenderWhenVisible>

      <RenderWhenVisible>
        <section className="home-section" aria-labelledby="currency-list-heading">
          <div className="page">
            <h2 id="currency-list-heading">{ratesUpdated.live ? "Today's exchange rates" : "Our exchange rates"}</h2>
            <CurrencyGrid currencies={currencies} updated={ratesUpdated} />
            <p className="home-more">
              <Link to="/exchangeRates">See all {currencies.length} currencies and our Click & Sell rates</Link>
            </p>
          </div>
        </section>
      </RenderWhenVisible>

      <RenderWhenVisible>
        <section className="home-section home-alt" id="how-it-works" aria-labelledby="how-it-works-heading">
          <div className="page">
            <h2 id="how-it-works-heading">How it works</h2>
            <ol className="home-steps">
              {howItWorksSteps.map((step) => (
                <li key={step.title}>
                  <h3>{step.title}</h3>
                  <p>{step.description}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      </RenderWhenVisible>

      <RenderWhenVisible>
        <section className="home-section" id="find-store" aria-labelledby="find-store-heading">
          <div className="page">
            <h2 id="find-store-heading">Find your nearest store</h2>
            <BranchCards branches={branches} show={{ hours: true, mapLink: true }} headingLevel={3} />
          </div>
        </section>
      </RenderWhenVisible>

      <RenderWhenVisible>
        <section className="home-section home-alt" id="compare-rates" aria-labelledby="compare-heading">
          <div className="page">
            <h2 id="compare-heading">Compare our rates</h2>
            <CompareRatesBlock compare={compare} />
          </div>
        </section>
      </RenderWhenVisible>

      <RenderWhenVisible>
        <AppDownload appStoreUrl={appStoreUrl} playStoreUrl={playStoreUrl} />
      </RenderWhenVisible>

      <AboutAndQuestions faqItems={faqItems} aboutParagraphs={aboutParagraphs} />
    </>
  );
}

function AboutAndQuestions({
  faqItems,
  aboutParagraphs,
}: Pick<Route.ComponentProps["loaderData"], "faqItems" | "aboutParagraphs">) {
  return (
    <>
      <RenderWhenVisible>
        <section className="home-section" id="about" aria-labelledby="about-heading">
          <div className="page narrow">
            <h2 id="about-heading">About {company.tradingName}</h2>
            {aboutParagraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </section>
      </RenderWhenVisible>

      <RenderWhenVisible>
        <section className="home-section home-alt" id="faq" aria-labelledby="faq-heading">
          <div className="page narrow">
            <h2 id="faq-heading">Frequently asked questions</h2>
            <FaqAccordion items={faqItems} headingLevel={3} />
            <p className="home-more">
              <Link to="/contact">Still have a question? Contact us</Link>
            </p>
          </div>
        </section>
      </RenderWhenVisible>
    </>
  );
}
