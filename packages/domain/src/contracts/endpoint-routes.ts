/**
 * The method and path of every API endpoint, by area: the zod-free half of the endpoint map (the
 * schemas are in endpoints.ts, which must have exactly these keys). The web app builds its typed client
 * from this table, so the browser carries these strings but no validation library. Each area is its own
 * export so that a browser bundle that needs one area's reads (the stock check) takes only that area.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/**
 * One endpoint's method and path; `body: "file"` where the request's body is a file sent as it is
 * (RawRequestBody in web-host.ts), not JSON.
 */
export type EndpointRoute = { readonly method: HttpMethod; readonly path: string; readonly body?: "file" };
export type EndpointRouteTree = { readonly [name: string]: EndpointRoute | EndpointRouteTree };

export const operationRoutes = {
  health: { method: "GET", path: "/api/health" },
  ready: { method: "GET", path: "/api/health/ready" },
} as const satisfies EndpointRouteTree;

export const referenceRoutes = {
  currencies: { method: "GET", path: "/api/currencies" },
  branches: { method: "GET", path: "/api/branches" },
  branch: { method: "GET", path: "/api/branches/:key" },
} as const satisfies EndpointRouteTree;

export const rateRoutes = {
  history: { method: "GET", path: "/api/currencies/:code/history" },
  compare: { method: "GET", path: "/api/compare-rates" },
  board: { method: "GET", path: "/api/board/:branch" },
  boardEvents: { method: "GET", path: "/api/board/:branch/events" },
} as const satisfies EndpointRouteTree;

export const rateAlertRoutes = {
  create: { method: "POST", path: "/api/currencies/:code/alerts" },
  openConfirmation: { method: "GET", path: "/api/rate-alerts/confirm/:token" },
  confirm: { method: "POST", path: "/api/rate-alerts/confirm/:token" },
  openUnsubscribe: { method: "GET", path: "/api/rate-alerts/unsubscribe/:token" },
  unsubscribe: { method: "POST", path: "/api/rate-alerts/unsubscribe/:token" },
} as const satisfies EndpointRouteTree;

export const contactRoutes = {
  send: { method: "POST", path: "/api/contact" },
} as const satisfies EndpointRouteTree;

export const stockRoutes = {
  availability: { method: "GET", path: "/api/stock/availability" },
} as const satisfies EndpointRouteTree;

export const orderRoutes = {
  quote: { method: "POST", path: "/api/quotes" },
  place: { method: "POST", path: "/api/orders" },
  track: { method: "POST", path: "/api/orders/track" },
  openLink: { method: "GET", path: "/api/orders/link/:token" },
  collectionPass: { method: "GET", path: "/api/orders/link/:token/collection-pass.png" },
  cancel: { method: "POST", path: "/api/orders/cancel" },
  amendQuote: { method: "POST", path: "/api/orders/amendment-quote" },
  amend: { method: "POST", path: "/api/orders/amendment" },
} as const satisfies EndpointRouteTree;

export const sessionRoutes = {
  current: { method: "GET", path: "/api/session" },
  signInProviders: { method: "GET", path: "/api/sign-in-providers" },
  openSecureBox: { method: "POST", path: "/api/box" },
} as const satisfies EndpointRouteTree;

/**
 * better-auth's endpoints that the web app calls (the library serves them, under /api/auth; our server
 * mounts it behind attempt limits). Their schemas describe what the web app sends and reads.
 */
export const authRoutes = {
  signInWithEmail: { method: "POST", path: "/api/auth/sign-in/email" },
  signUpWithEmail: { method: "POST", path: "/api/auth/sign-up/email" },
  signOut: { method: "POST", path: "/api/auth/sign-out" },
  requestPasswordReset: { method: "POST", path: "/api/auth/request-password-reset" },
  resetPassword: { method: "POST", path: "/api/auth/reset-password" },
  sendVerificationEmail: { method: "POST", path: "/api/auth/send-verification-email" },
  revokeSessions: { method: "POST", path: "/api/auth/revoke-sessions" },
  signInWithProvider: { method: "POST", path: "/api/auth/sign-in/social" },
  changePassword: { method: "POST", path: "/api/auth/change-password" },
} as const satisfies EndpointRouteTree;

export const accountRoutes = {
  updateProfile: { method: "PATCH", path: "/api/account/profile" },
  uploadPhoto: { method: "PUT", path: "/api/account/photo", body: "file" },
  photo: { method: "GET", path: "/api/account/photo/:userId" },
  orders: { method: "GET", path: "/api/account/orders" },
  dataExport: { method: "GET", path: "/api/account/data-export" },
  orderDetails: { method: "GET", path: "/api/account/order-details" },
  confirmEmail: { method: "POST", path: "/api/account/email-verification" },
  deleteUnclaimed: { method: "POST", path: "/api/account/not-me" },
  requestClosure: { method: "POST", path: "/api/account/closure-request" },
  close: { method: "POST", path: "/api/account/closure" },
  phone: { method: "GET", path: "/api/account/phone" },
  setPhone: { method: "PUT", path: "/api/account/phone" },
  rateAlerts: {
    list: { method: "GET", path: "/api/account/rate-alerts" },
    pause: { method: "POST", path: "/api/account/rate-alerts/:id/pause" },
    resume: { method: "POST", path: "/api/account/rate-alerts/:id/resume" },
    remove: { method: "DELETE", path: "/api/account/rate-alerts/:id" },
  },
  secondFactor: {
    status: { method: "GET", path: "/api/account/second-factor" },
    startEnrolment: { method: "POST", path: "/api/account/second-factor/enrolment" },
    confirm: { method: "POST", path: "/api/account/second-factor/confirm" },
  },
} as const satisfies EndpointRouteTree;

export const adminRoutes = {
  users: {
    list: { method: "GET", path: "/api/admin/users" },
    makeAdmin: { method: "POST", path: "/api/admin/users/:id/make-admin" },
    resetSecondFactor: { method: "POST", path: "/api/admin/users/:id/second-factor/reset" },
    setRole: { method: "PUT", path: "/api/admin/users/:id/role" },
    disable: { method: "POST", path: "/api/admin/users/:id/disable" },
    enable: { method: "POST", path: "/api/admin/users/:id/enable" },
  },
  auditLog: {
    page: { method: "GET", path: "/api/admin/audit-log" },
    actions: { method: "GET", path: "/api/admin/audit-log/actions" },
    csv: { method: "GET", path: "/api/admin/audit-log.csv" },
  },
  board: {
    featured: { method: "GET", path: "/api/admin/board/featured" },
    setFeatured: { method: "PUT", path: "/api/admin/board/featured/:branch" },
  },
  collect: {
    find: { method: "GET", path: "/api/admin/collect" },
  },
  compliance: {
    overview: { method: "GET", path: "/api/admin/compliance/overview" },
    flaggedOrders: { method: "GET", path: "/api/admin/compliance/flagged-orders" },
    suspicionReports: { method: "GET", path: "/api/admin/suspicion-reports" },
  },
  currencies: {
    list: { method: "GET", path: "/api/admin/currencies" },
    get: { method: "GET", path: "/api/admin/currencies/:code" },
    add: { method: "POST", path: "/api/admin/currencies" },
    update: { method: "PUT", path: "/api/admin/currencies/:code" },
  },
  rates: {
    check: { method: "POST", path: "/api/admin/rates/check" },
    confirmHeld: { method: "POST", path: "/api/admin/rates/held/:code/confirm" },
    refreshState: { method: "GET", path: "/api/admin/rates/refresh" },
    setRefresh: { method: "PUT", path: "/api/admin/rates/refresh" },
  },
  compareRates: {
    get: { method: "GET", path: "/api/admin/compare-rates" },
    set: { method: "PUT", path: "/api/admin/compare-rates" },
  },
  orders: {
    list: { method: "GET", path: "/api/admin/orders" },
    csv: { method: "GET", path: "/api/admin/orders.csv" },
    details: { method: "GET", path: "/api/admin/orders/:id" },
    archive: { method: "POST", path: "/api/admin/orders/:id/archive" },
    transition: { method: "POST", path: "/api/admin/orders/:id/:transition" },
    clearHold: { method: "POST", path: "/api/admin/orders/:id/hold/clear" },
    raiseSuspicionReport: { method: "POST", path: "/api/admin/orders/:id/suspicion-reports" },
    dataExport: { method: "POST", path: "/api/admin/orders/:id/data-export" },
    phoneOnlyReview: { method: "GET", path: "/api/admin/orders/:id/data-export/phone-only" },
  },
  statistics: { method: "GET", path: "/api/admin/statistics" },
  dayReport: { method: "GET", path: "/api/admin/reports/day" },
  dayReportCsv: { method: "GET", path: "/api/admin/reports/day.csv" },
  importSanctionsList: { method: "POST", path: "/api/admin/sanctions-lists", body: "file" },
  stock: {
    view: { method: "GET", path: "/api/admin/stock" },
    set: { method: "PUT", path: "/api/admin/stock/:branch/:currency" },
  },
  counter: {
    view: { method: "GET", path: "/api/admin/counter" },
    trade: { method: "POST", path: "/api/admin/counter/trades" },
    setMargins: { method: "PUT", path: "/api/admin/counter/margins/:code" },
  },
  till: {
    mine: { method: "GET", path: "/api/admin/till" },
    open: { method: "POST", path: "/api/admin/till" },
    close: { method: "POST", path: "/api/admin/till/:id/close" },
    moveCash: { method: "POST", path: "/api/admin/till/:id/cash" },
    awaitingSignOff: { method: "GET", path: "/api/admin/till/awaiting-sign-off" },
    signOff: { method: "POST", path: "/api/admin/till/:id/sign-off" },
  },
  reversals: {
    request: { method: "POST", path: "/api/admin/orders/:id/reversal" },
    list: { method: "GET", path: "/api/admin/reversals" },
    approve: { method: "POST", path: "/api/admin/reversals/:id/approve" },
    refuse: { method: "POST", path: "/api/admin/reversals/:id/refuse" },
  },
  warnings: { method: "GET", path: "/api/admin/warnings" },
} as const satisfies EndpointRouteTree;

export const endpointRoutes = {
  operations: operationRoutes,
  reference: referenceRoutes,
  rates: rateRoutes,
  rateAlerts: rateAlertRoutes,
  contact: contactRoutes,
  stock: stockRoutes,
  orders: orderRoutes,
  session: sessionRoutes,
  auth: authRoutes,
  account: accountRoutes,
  admin: adminRoutes,
} as const satisfies EndpointRouteTree;
export type EndpointRoutes = typeof endpointRoutes;

/** The names of a path's `:param`s: "/api/orders/:id/:transition" gives "id" | "transition". */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with its `:param`s filled in (each encoded as one path segment). */
export function fillPath(path: string, params: Readonly<Record<string, unknown>>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => encodeURIComponent(String(params[name])));
}
