/**
 * Every public page that needs neither a sign-in nor a cart. The browser tests check each one's title,
 * description and accessibility; the reliability suite (reliability/hostile/page-cases.ts) sends hostile
 * requests to each. A new public page is added here once.
 */
export const PUBLIC_PAGE_PATHS = [
  "/",
  "/exchangeRates",
  "/termsCoditition",
  "/privacyPolicy",
  "/contact",
  "/sendmony",
  "/faq",
  "/coming-soon",
  "/branches",
  "/branches/brighton",
] as const;
