import {
  counterCurrencyParams,
  counterMarginsRequestSchema,
  counterQuerySchema,
  counterTradeRequestSchema,
  counterTradeResultSchema,
  counterViewSchema,
} from "./counter.ts";
import { z } from "zod";
import {
  accountClosedSchema,
  accountClosureRequestedSchema,
  accountLinkRequestSchema,
  emailConfirmedSchema,
  unclaimedAccountDeletedSchema,
} from "./account-lifecycle.ts";
import {
  accountPhoneRequestSchema,
  accountPhoneSchema,
  changePasswordRequestSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
  staffRoleRequestSchema,
  profileUpdateSchema,
  secondFactorConfirmRequestSchema,
  secondFactorConfirmResponseSchema,
  secondFactorEnrolmentRequestSchema,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
  secureBoxRequestSchema,
  secureBoxResponseSchema,
  sessionResponseSchema,
  sessionUserSchema,
  signInProvidersSchema,
} from "./accounts.ts";
import { auditActionsSchema, auditLogFilterSchema, auditLogPageSchema, auditLogQuerySchema } from "./audit.ts";
import { compareRatesSchema, competitorRatesSettingSchema } from "./compare-rates.ts";
import { complianceOverviewSchema } from "./compliance.ts";
import { contactRequestSchema, contactResponseSchema } from "./contact.ts";
import {
  addCurrencyRequestSchema,
  adminCurrencyListSchema,
  adminCurrencySchema,
  clearHoldRequestSchema,
  compliancePageQuerySchema,
  flaggedOrderListSchema,
  handoverRequestSchema,
  heldRateConfirmedSchema,
  orderDetailsSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderListSchema,
  orderTransitionValues,
  rateCheckRequestSchema,
  rateCheckSchema,
  rateRefreshStateSchema,
  rateRefreshToggleSchema,
  statisticsSchema,
  suspicionReportListSchema,
  suspicionReportRequestSchema,
  updateCurrencyRequestSchema,
} from "./dashboard.ts";
import { dataExportSchema, phoneOnlyReviewSchema } from "./data-export.ts";
import { type EndpointRoute, type EndpointRouteTree, endpointRoutes, type PathParamNames } from "./endpoint-routes.ts";
import { apiErrorSchema } from "./errors.ts";
import type { RawRequestBody } from "./web-host.ts";
import {
  orderReceiptSchema,
  orderStatusValues,
  placeOrderRequestSchema,
  quoteRequestSchema,
  quoteSchema,
} from "./orders.ts";
import {
  createRateAlertRequestSchema,
  createRateAlertResponseSchema,
  myRateAlertChangeSchema,
  myRateAlertParams,
  myRateAlertsSchema,
  rateAlertAnswerSchema,
  rateAlertTokenSchema,
  rateAlertViewSchema,
} from "./rate-alerts.ts";
import { branchPageSchema } from "./branch-page.ts";
import { boardFeaturedListSchema, rateBoardSchema, setBoardFeaturedRequestSchema } from "./rate-board.ts";
import { rateHistoryParamsSchema, rateHistoryQuerySchema, rateHistoryResponseSchema } from "./rate-history.ts";
import { branchKeys, branchListSchema, currencyListSchema, livenessSchema, readinessSchema } from "./reference-data.ts";
import { dayReportQuerySchema, dayReportSchema } from "./reports.ts";
import {
  reversalIdParams,
  reversalListQuerySchema,
  reversalListSchema,
  reversalRefusalSchema,
  reversalRequestSchema,
  reversalViewSchema,
} from "./reversals.ts";
import { sanctionsImportSchema } from "./sanctions.ts";
import { staffWarningsSchema } from "./staff-warnings.ts";
import {
  availabilityQuerySchema,
  availabilitySchema,
  stockQuerySchema,
  stockUpdateSchema,
  stockViewSchema,
} from "./stock.ts";
import {
  closeTillRequestSchema,
  openTillRequestSchema,
  signOffTillRequestSchema,
  tillAwaitingQuerySchema,
  tillCashMoveRequestSchema,
  tillBranchQuerySchema,
  tillIdParams,
  tillPageSchema,
  tillsAwaitingSchema,
  tillViewSchema,
} from "./till.ts";
import {
  amendmentPreviewSchema,
  amendOrderRequestSchema,
  amendQuoteRequestSchema,
  cancelTrackedOrderRequestSchema,
  customerPrefillSchema,
  myOrdersQuerySchema,
  myOrdersSchema,
  orderAccessTokenSchema,
  trackedOrderSchema,
  trackOrderRequestSchema,
} from "./tracking.ts";

/**
 * The endpoint map: every API endpoint's method and path (endpoint-routes.ts) with its request and
 * response schemas. The server's routes take their method, path and schemas from here, and the web
 * app's client its types (types only: the browser carries no zod), so a route and its caller cannot
 * disagree. Decision 034.
 */

type Schema = z.ZodType;
export type EndpointSchemas = {
  readonly params?: Schema;
  readonly querystring?: Schema;
  readonly body?: Schema;
  readonly response: { readonly [status: number]: Schema };
};

/** The schemas a route may have: `params` exactly when its path has `:param`s (with those names), no body on a GET. */
type SchemasFor<Route extends EndpointRoute> = EndpointSchemas &
  ([PathParamNames<Route["path"]>] extends [never]
    ? { readonly params?: never }
    : { readonly params: z.ZodType<Record<PathParamNames<Route["path"]>, unknown>> }) &
  (Route["method"] extends "GET" ? { readonly body?: never } : unknown);

type SchemaTreeFor<Routes extends EndpointRouteTree> = {
  readonly [Name in keyof Routes]: Routes[Name] extends EndpointRoute
    ? SchemasFor<Routes[Name]>
    : Routes[Name] extends EndpointRouteTree
      ? SchemaTreeFor<Routes[Name]>
      : never;
};

/** Refuses (types as never) any name in the schema tree that the route table does not have. */
type OnlyNamesOf<Schemas, Routes> = {
  readonly [Name in keyof Schemas]: Name extends keyof Routes
    ? Routes[Name] extends EndpointRoute
      ? Schemas[Name]
      : OnlyNamesOf<Schemas[Name], Routes[Name]>
    : never;
};

export type Endpoint<
  Route extends EndpointRoute = EndpointRoute,
  Schemas extends EndpointSchemas = EndpointSchemas,
> = Route & { readonly schema: Schemas };

type Joined<Routes, Schemas> = {
  readonly [Name in keyof Routes]: Routes[Name] extends EndpointRoute
    ? Routes[Name] & { readonly schema: Schemas[Name & keyof Schemas] }
    : Joined<Routes[Name], Schemas[Name & keyof Schemas]>;
};

export type EndpointTree = { readonly [name: string]: Endpoint | EndpointTree };

function isEndpointRoute(node: unknown): node is EndpointRoute {
  return typeof node === "object" && node !== null && typeof (node as { path?: unknown }).path === "string";
}

/**
 * Joins the route table with the schemas, name by name. Its types insist on the same names on both
 * sides (a missing one or an extra one fails the typecheck) and on params matching each path.
 */
function joinEndpoints<Routes extends EndpointRouteTree, const Schemas extends SchemaTreeFor<Routes>>(
  routes: Routes,
  schemas: Schemas & OnlyNamesOf<Schemas, Routes>,
): Joined<Routes, Schemas> {
  const joined: Record<string, unknown> = {};
  for (const [name, route] of Object.entries(routes)) {
    const schema = (schemas as Record<string, unknown>)[name];
    joined[name] = isEndpointRoute(route)
      ? { ...route, schema }
      : joinEndpoints(route as EndpointRouteTree, schema as never);
  }
  return joined as Joined<Routes, Schemas>;
}

const staffErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
} as const;
const currencyAdminErrors = { ...staffErrors, 503: apiErrorSchema } as const;
const auditErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema } as const;
const boardAdminErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
} as const;
const signedInReadErrors = { 401: apiErrorSchema, 403: apiErrorSchema } as const;

const orderIdParams = z.object({ id: z.uuid("is not an order id") });
const userIdParams = z.object({ id: z.string().min(1).max(100) });
const currencyCodeParams = z.object({
  code: z.string().regex(/^[A-Za-z]{3}$/, "must be a 3-letter currency code"),
});
const branchPageParams = z.object({ key: z.string().min(1).max(40) });
const boardBranchParams = z.object({ branch: z.string().min(1).max(40) });
const orderLinkParams = z.object({ token: orderAccessTokenSchema });
const rateAlertLinkParams = z.object({ token: rateAlertTokenSchema });
const stockParams = z.object({
  branch: z.enum(branchKeys, { error: "There is no such branch." }),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "must be a 3-letter currency code")
    .transform((code) => code.toUpperCase()),
});
const orderStatusOnly = { id: z.string(), orderNumber: z.string(), status: z.enum(orderStatusValues) };

/**
 * What the web app sends to and reads from better-auth's endpoints. The library validates its own
 * requests (our server only forwards them), so these describe the calls rather than guard them.
 */
const authSchemas = {
  credentials: z.object({ email: z.string(), password: z.string() }),
  signedIn: z.object({ user: z.object({ id: z.string(), role: z.string().optional() }) }),
  done: z.object({ status: z.boolean() }),
  authErrors: { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
};

export const endpoints = joinEndpoints(endpointRoutes, {
  operations: {
    health: { response: { 200: livenessSchema } },
    ready: { response: { 200: readinessSchema, 503: readinessSchema } },
  },
  reference: {
    currencies: { response: { 200: currencyListSchema } },
    branches: { response: { 200: branchListSchema } },
    branch: { params: branchPageParams, response: { 200: branchPageSchema, 404: apiErrorSchema } },
  },
  rates: {
    history: {
      params: rateHistoryParamsSchema,
      querystring: rateHistoryQuerySchema,
      response: { 200: rateHistoryResponseSchema, 404: apiErrorSchema },
    },
    compare: { response: { 200: compareRatesSchema } },
    board: {
      params: boardBranchParams,
      response: { 200: rateBoardSchema, 304: z.null(), 400: apiErrorSchema, 404: apiErrorSchema },
    },
    boardEvents: {
      params: boardBranchParams,
      response: { 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
    },
  },
  rateAlerts: {
    create: {
      params: rateHistoryParamsSchema,
      body: createRateAlertRequestSchema,
      response: {
        200: createRateAlertResponseSchema,
        400: apiErrorSchema,
        404: apiErrorSchema,
        409: apiErrorSchema,
        429: apiErrorSchema,
      },
    },
    openConfirmation: {
      params: rateAlertLinkParams,
      response: { 200: rateAlertViewSchema, 404: apiErrorSchema, 429: apiErrorSchema },
    },
    confirm: {
      params: rateAlertLinkParams,
      response: { 200: rateAlertAnswerSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
    },
    openUnsubscribe: {
      params: rateAlertLinkParams,
      response: { 200: rateAlertViewSchema, 404: apiErrorSchema, 429: apiErrorSchema },
    },
    unsubscribe: {
      params: rateAlertLinkParams,
      response: { 200: rateAlertAnswerSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
    },
  },
  contact: {
    send: {
      body: contactRequestSchema,
      response: { 200: contactResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
    },
  },
  stock: {
    availability: {
      querystring: availabilityQuerySchema,
      response: { 200: availabilitySchema, 400: apiErrorSchema },
    },
  },
  orders: {
    quote: {
      body: quoteRequestSchema,
      response: {
        201: quoteSchema,
        400: apiErrorSchema,
        404: apiErrorSchema,
        422: apiErrorSchema,
        503: apiErrorSchema,
      },
    },
    place: {
      body: placeOrderRequestSchema,
      response: {
        200: orderReceiptSchema,
        201: orderReceiptSchema,
        400: apiErrorSchema,
        409: apiErrorSchema,
        422: apiErrorSchema,
      },
    },
    track: {
      body: trackOrderRequestSchema,
      response: { 200: trackedOrderSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
    },
    openLink: {
      params: orderLinkParams,
      response: { 200: trackedOrderSchema, 404: apiErrorSchema, 410: apiErrorSchema, 429: apiErrorSchema },
    },
    collectionPass: { params: orderLinkParams, response: { 404: apiErrorSchema, 429: apiErrorSchema } },
    cancel: {
      body: cancelTrackedOrderRequestSchema,
      response: { 200: trackedOrderSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
    },
    amendQuote: {
      body: amendQuoteRequestSchema,
      response: {
        200: amendmentPreviewSchema,
        400: apiErrorSchema,
        404: apiErrorSchema,
        409: apiErrorSchema,
        422: apiErrorSchema,
        429: apiErrorSchema,
        503: apiErrorSchema,
      },
    },
    amend: {
      body: amendOrderRequestSchema,
      response: {
        200: trackedOrderSchema,
        400: apiErrorSchema,
        404: apiErrorSchema,
        409: apiErrorSchema,
        422: apiErrorSchema,
        429: apiErrorSchema,
      },
    },
  },
  session: {
    current: { response: { 200: sessionResponseSchema } },
    signInProviders: { response: { 200: signInProvidersSchema } },
    openSecureBox: {
      body: secureBoxRequestSchema,
      response: { 200: secureBoxResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
    },
  },
  auth: {
    signInWithEmail: {
      body: authSchemas.credentials.extend({ rememberMe: z.boolean().optional() }),
      response: { 200: authSchemas.signedIn, ...authSchemas.authErrors },
    },
    signUpWithEmail: {
      body: authSchemas.credentials.extend({ name: z.string() }),
      response: { 200: authSchemas.signedIn, ...authSchemas.authErrors },
    },
    signOut: {
      body: z.object({}),
      response: { 200: z.object({ success: z.boolean() }), ...authSchemas.authErrors },
    },
    requestPasswordReset: {
      body: z.object({ email: z.string() }),
      response: { 200: authSchemas.done, ...authSchemas.authErrors },
    },
    resetPassword: {
      body: z.object({ token: z.string(), newPassword: z.string() }),
      response: { 200: authSchemas.done, ...authSchemas.authErrors },
    },
    sendVerificationEmail: {
      body: z.object({ email: z.string() }),
      response: { 200: authSchemas.done, ...authSchemas.authErrors },
    },
    revokeSessions: { body: z.object({}), response: { 200: authSchemas.done, ...authSchemas.authErrors } },
    signInWithProvider: {
      body: z.object({
        provider: z.string(),
        callbackURL: z.string(),
        errorCallbackURL: z.string(),
        disableRedirect: z.literal(true),
      }),
      response: { 200: z.object({ url: z.string() }), ...authSchemas.authErrors },
    },
    changePassword: {
      body: changePasswordRequestSchema,
      response: { 200: z.object({ token: z.string().nullable() }), ...authSchemas.authErrors },
    },
  },
  account: {
    updateProfile: { body: profileUpdateSchema, response: { 200: sessionUserSchema, 401: apiErrorSchema } },
    uploadPhoto: {
      response: { 200: sessionUserSchema, 401: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema },
    },
    photo: { params: z.object({ userId: z.string().min(1).max(100) }), response: {} },
    orders: {
      querystring: myOrdersQuerySchema,
      response: { 200: myOrdersSchema, 400: apiErrorSchema, ...signedInReadErrors },
    },
    dataExport: { response: { 200: dataExportSchema, 401: apiErrorSchema } },
    orderDetails: { response: { 200: customerPrefillSchema, 401: apiErrorSchema } },
    confirmEmail: {
      body: accountLinkRequestSchema,
      response: { 200: emailConfirmedSchema, 401: apiErrorSchema, 403: apiErrorSchema, 410: apiErrorSchema },
    },
    deleteUnclaimed: {
      body: accountLinkRequestSchema,
      response: { 200: unclaimedAccountDeletedSchema, 409: apiErrorSchema, 410: apiErrorSchema },
    },
    requestClosure: {
      response: { 202: accountClosureRequestedSchema, 401: apiErrorSchema, 429: apiErrorSchema },
    },
    close: {
      body: accountLinkRequestSchema,
      response: { 200: accountClosedSchema, 401: apiErrorSchema, 403: apiErrorSchema, 410: apiErrorSchema },
    },
    phone: { response: { 200: accountPhoneSchema, 401: apiErrorSchema } },
    setPhone: {
      body: accountPhoneRequestSchema,
      response: { 200: accountPhoneSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    },
    rateAlerts: {
      list: { response: { 200: myRateAlertsSchema, ...signedInReadErrors } },
      pause: {
        params: myRateAlertParams,
        response: { 200: myRateAlertChangeSchema, ...signedInReadErrors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
      resume: {
        params: myRateAlertParams,
        response: { 200: myRateAlertChangeSchema, ...signedInReadErrors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
      remove: {
        params: myRateAlertParams,
        response: { 200: myRateAlertChangeSchema, ...signedInReadErrors, 404: apiErrorSchema },
      },
    },
    secondFactor: {
      status: { response: { 200: secondFactorStatusSchema, 401: apiErrorSchema } },
      startEnrolment: {
        body: secondFactorEnrolmentRequestSchema.optional(),
        response: { 200: secondFactorEnrolmentSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
      },
      confirm: {
        body: secondFactorConfirmRequestSchema,
        response: {
          200: secondFactorConfirmResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
  },
  admin: {
    users: {
      list: {
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema, 400: apiErrorSchema, ...signedInReadErrors },
      },
      makeAdmin: {
        params: userIdParams,
        response: { 200: adminUserSchema, ...signedInReadErrors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
      resetSecondFactor: {
        params: userIdParams,
        response: { 200: adminUserSchema, ...signedInReadErrors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
      setRole: {
        params: userIdParams,
        body: staffRoleRequestSchema,
        response: {
          200: adminUserSchema,
          400: apiErrorSchema,
          ...signedInReadErrors,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
      disable: {
        params: userIdParams,
        response: { 200: adminUserSchema, ...signedInReadErrors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
      enable: {
        params: userIdParams,
        response: { 200: adminUserSchema, ...signedInReadErrors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    auditLog: {
      page: { querystring: auditLogQuerySchema, response: { 200: auditLogPageSchema, ...auditErrors } },
      actions: { response: { 200: auditActionsSchema, ...signedInReadErrors } },
      csv: { querystring: auditLogFilterSchema, response: auditErrors },
    },
    board: {
      featured: { response: { 200: boardFeaturedListSchema, ...boardAdminErrors } },
      setFeatured: {
        params: boardBranchParams,
        body: setBoardFeaturedRequestSchema,
        response: { 200: z.object({ key: z.string(), currencies: z.array(z.string()) }), ...boardAdminErrors },
      },
    },
    collect: {
      find: {
        querystring: z
          .object({ pass: z.string().min(1).max(500).optional(), number: z.string().max(40).optional() })
          .strict()
          .refine(
            (q) => (q.pass === undefined) !== (q.number === undefined),
            "Give a collection pass or an order number",
          ),
        response: {
          200: z.object({ id: z.string(), orderNumber: z.string() }),
          400: apiErrorSchema,
          ...signedInReadErrors,
          404: apiErrorSchema,
        },
      },
    },
    compliance: {
      overview: { response: { 200: complianceOverviewSchema, ...signedInReadErrors } },
      flaggedOrders: {
        querystring: compliancePageQuerySchema,
        response: { 200: flaggedOrderListSchema, ...staffErrors },
      },
      suspicionReports: {
        querystring: compliancePageQuerySchema,
        response: { 200: suspicionReportListSchema, ...staffErrors },
      },
    },
    currencies: {
      list: { response: { 200: adminCurrencyListSchema, ...currencyAdminErrors } },
      get: { params: currencyCodeParams, response: { 200: adminCurrencySchema, ...currencyAdminErrors } },
      add: { body: addCurrencyRequestSchema, response: { 201: adminCurrencySchema, ...currencyAdminErrors } },
      update: {
        params: currencyCodeParams,
        body: updateCurrencyRequestSchema,
        response: { 200: adminCurrencySchema, ...currencyAdminErrors },
      },
    },
    rates: {
      check: { body: rateCheckRequestSchema, response: { 200: rateCheckSchema, ...currencyAdminErrors } },
      confirmHeld: {
        params: currencyCodeParams,
        response: { 200: heldRateConfirmedSchema, ...currencyAdminErrors },
      },
      refreshState: { response: { 200: rateRefreshStateSchema, ...currencyAdminErrors } },
      setRefresh: { body: rateRefreshToggleSchema, response: { 200: rateRefreshStateSchema, ...currencyAdminErrors } },
    },
    compareRates: {
      get: { response: { 200: competitorRatesSettingSchema, ...currencyAdminErrors } },
      set: {
        body: competitorRatesSettingSchema.max(10),
        response: { 200: competitorRatesSettingSchema, ...currencyAdminErrors },
      },
    },
    orders: {
      list: { querystring: orderListQuerySchema, response: { 200: orderListSchema, ...staffErrors } },
      csv: { querystring: orderExportQuerySchema, response: staffErrors },
      details: { params: orderIdParams, response: { 200: orderDetailsSchema, ...staffErrors } },
      archive: {
        params: orderIdParams,
        response: { 200: z.object({ ...orderStatusOnly, archivedAt: z.string() }), ...staffErrors },
      },
      transition: {
        params: orderIdParams.extend({ transition: z.enum(orderTransitionValues) }),
        body: handoverRequestSchema.nullish(),
        response: { 200: z.object(orderStatusOnly), ...staffErrors },
      },
      clearHold: {
        params: orderIdParams,
        body: clearHoldRequestSchema,
        response: {
          200: z.object({
            id: z.string(),
            orderNumber: z.string(),
            clearedAt: z.string(),
            alsoCleared: z.array(z.string()),
          }),
          ...staffErrors,
        },
      },
      raiseSuspicionReport: {
        params: orderIdParams,
        body: suspicionReportRequestSchema,
        response: { 201: z.object({ id: z.string(), raisedAt: z.string(), held: z.boolean() }), ...staffErrors },
      },
      dataExport: { params: orderIdParams, response: { 200: dataExportSchema, ...staffErrors } },
      phoneOnlyReview: { params: orderIdParams, response: { 200: phoneOnlyReviewSchema, ...staffErrors } },
    },
    statistics: { response: { 200: statisticsSchema, ...staffErrors } },
    dayReport: {
      querystring: dayReportQuerySchema,
      response: { 200: dayReportSchema, 400: apiErrorSchema, ...signedInReadErrors, 404: apiErrorSchema },
    },
    dayReportCsv: {
      querystring: dayReportQuerySchema,
      response: { 400: apiErrorSchema, ...signedInReadErrors, 404: apiErrorSchema },
    },
    importSanctionsList: {
      response: {
        201: sanctionsImportSchema,
        400: apiErrorSchema,
        ...signedInReadErrors,
        413: apiErrorSchema,
        415: apiErrorSchema,
      },
    },
    stock: {
      view: { querystring: stockQuerySchema, response: { 200: stockViewSchema, ...staffErrors } },
      set: { params: stockParams, body: stockUpdateSchema, response: { 200: stockViewSchema, ...staffErrors } },
    },
    counter: {
      view: { querystring: counterQuerySchema, response: { 200: counterViewSchema, ...staffErrors } },
      trade: {
        body: counterTradeRequestSchema,
        response: { 201: counterTradeResultSchema, 202: counterTradeResultSchema, ...staffErrors },
      },
      setMargins: {
        params: counterCurrencyParams,
        body: counterMarginsRequestSchema,
        response: { 200: counterViewSchema.shape.currencies.element, ...staffErrors },
      },
    },
    till: {
      mine: { querystring: tillBranchQuerySchema, response: { 200: tillPageSchema, ...staffErrors } },
      open: { body: openTillRequestSchema, response: { 201: tillViewSchema, ...staffErrors } },
      close: { params: tillIdParams, body: closeTillRequestSchema, response: { 200: tillViewSchema, ...staffErrors } },
      moveCash: {
        params: tillIdParams,
        body: tillCashMoveRequestSchema,
        response: { 200: tillViewSchema, ...staffErrors },
      },
      awaitingSignOff: { querystring: tillAwaitingQuerySchema, response: { 200: tillsAwaitingSchema, ...staffErrors } },
      signOff: {
        params: tillIdParams,
        body: signOffTillRequestSchema,
        response: { 200: tillViewSchema, ...staffErrors },
      },
    },
    reversals: {
      request: {
        params: orderIdParams,
        body: reversalRequestSchema,
        response: { 201: reversalViewSchema, ...staffErrors },
      },
      list: { querystring: reversalListQuerySchema, response: { 200: reversalListSchema, ...staffErrors } },
      approve: { params: reversalIdParams, response: { 200: reversalViewSchema, ...staffErrors } },
      refuse: {
        params: reversalIdParams,
        body: reversalRefusalSchema,
        response: { 200: reversalViewSchema, ...staffErrors },
      },
    },
    warnings: { response: { 200: staffWarningsSchema, ...signedInReadErrors } },
  },
});
export type Endpoints = typeof endpoints;

/** The statuses that answer a JSON body the caller reads. */
type SuccessStatus = 200 | 201 | 202;
type ResponsesOf<E extends Endpoint> = E["schema"]["response"];

/** What a successful call answers (the 2xx schemas' output, as the server serialises it). */
export type EndpointResponse<E extends Endpoint> = z.output<
  ResponsesOf<E>[Extract<keyof ResponsesOf<E>, SuccessStatus>] & Schema
>;

/** Whether the endpoint answers JSON (a download, an image or an event stream does not). */
export type AnswersJson<E extends Endpoint> = [Extract<keyof ResponsesOf<E>, SuccessStatus>] extends [never]
  ? false
  : true;

type InputOf<Schemas, Part extends "params" | "querystring" | "body"> = Schemas extends {
  readonly [Key in Part]: infer Part extends Schema;
}
  ? z.input<Part>
  : undefined;

/**
 * A query as read from the address bar, passed on for the API to validate (its refusal becomes the
 * page's own 4xx): the loaders that forward a search or a page cursor send it so.
 */
export type AddressBarQuery = URLSearchParams;

type DataOf<E extends Endpoint> = E["method"] extends "GET"
  ?
      | InputOf<E["schema"], "querystring">
      | ([InputOf<E["schema"], "querystring">] extends [undefined] ? never : AddressBarQuery)
  : InputOf<E["schema"], "body">;

/**
 * A call's one argument. Without `:param`s it is the body (or a GET's query) itself; with them it is
 * the params, with the body or the query under `body` or `query`.
 */
export type EndpointInput<E extends Endpoint> = E extends { readonly body: "file" }
  ? RawRequestBody
  : [InputOf<E["schema"], "params">] extends [undefined]
    ? DataOf<E>
    : InputOf<E["schema"], "params"> &
        ([DataOf<E>] extends [undefined]
          ? unknown
          : E["method"] extends "GET"
            ? { query: DataOf<E> }
            : { body: DataOf<E> });
