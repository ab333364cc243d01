import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Paths are the spec's, spelled as given. React Router matches paths case-insensitively, so
 * /signIn and /signin (and /signUp, /signup) reach the same screen.
 */
export default [
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  // Logout's route action, no page (the account menus post to it).
  route("signOut", "routes/account/sign-out.ts"),
  // Subject access exports (docs/features/retention-and-data-rights.md): files, no pages.
  route("account/data", "routes/account/data-export.ts"),
  route("dashboard/orderDetails/:id/dataExport", "routes/dashboard/data-export.ts"),
  layout("routes/public/public-layout.tsx", [
    index("routes/public/home.tsx"),
    route("exchangeRates", "routes/public/exchange-rates.tsx"),
    route("exchangeRates/:code", "routes/public/rate-history.tsx"),
    route("termsCoditition", "routes/public/terms.tsx"),
    route("privacyPolicy", "routes/public/privacy.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("branches", "routes/public/branches.tsx"),
    route("branches/:key", "routes/public/branch.tsx"),
    route("sendmony", "routes/public/send-money.tsx"),
    route("faq", "routes/public/faq.tsx"),
    route("alerts/confirm/:token", "routes/public/alert-confirm.tsx"),
    route("alerts/unsubscribe/:token", "routes/public/alert-unsubscribe.tsx"),
    route("track", "routes/public/track.tsx"),
    route("track/:token", "routes/public/track-link.tsx"),
    route("coming-soon", "routes/public/coming-soon.tsx"),
    route("purchase/:currencyParams/:currentWay", "routes/order/purchase.tsx"),
    route("signIn", "routes/account/sign-in.tsx"),
    route("signUp", "routes/account/sign-up.tsx"),
    route("forgotPassword", "routes/account/forgot-password.tsx"),
    route("resetPassword", "routes/account/reset-password.tsx"),
    route("checkInbox", "routes/account/check-inbox.tsx"),
    route("verifyEmail", "routes/account/verify-email.tsx"),
    route("notMe", "routes/account/not-me.tsx"),
    route("closeAccount", "routes/account/close-account.tsx"),
    route("account/profile", "routes/account/profile.tsx"),
    route("account/orders", "routes/account/my-orders.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("board/:branch", "routes/public/rate-board.tsx"),
  route("box", "routes/account/secure-box.tsx"),
  route("account/authenticator", "routes/account/authenticator.tsx"),
  ...prefix("dashboard", [
    layout("routes/dashboard/dashboard-layout.tsx", [
      index("routes/dashboard/dashboard-index.tsx"),
      route("Statics", "routes/dashboard/statics.tsx"),
      route("manageOrders", "routes/dashboard/pending-orders.tsx"),
      route("activeOrders", "routes/dashboard/accepted-orders.tsx"),
      route("history", "routes/dashboard/history.tsx"),
      route("orderDetails/:id", "routes/dashboard/order-details.tsx"),
      route("Currency", "routes/dashboard/currencies.tsx"),
      route("addCurrency", "routes/dashboard/add-currency.tsx"),
      route("update/:currency", "routes/dashboard/update-currency.tsx"),
      route("Users", "routes/dashboard/users.tsx"),
      route("board", "routes/dashboard/rate-board-settings.tsx"),
      route("stock", "routes/dashboard/stock.tsx"),
      route("till", "routes/dashboard/till.tsx"),
      route("reports", "routes/dashboard/reports.tsx"),
      route("collect/:token?", "routes/dashboard/collect.tsx"),
      route("compliance", "routes/dashboard/compliance.tsx"),
      route("audit", "routes/dashboard/audit.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
