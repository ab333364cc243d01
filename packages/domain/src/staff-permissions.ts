import { adminRoutes, type EndpointRoute } from "./contracts/endpoint-routes.ts";

/**
 * Who may do what on the staff side (issue 33, docs/decisions/035): the one permission matrix. The
 * API's guards, the dashboard's menu and which buttons a page shows all read it; nothing else decides.
 *
 * Customers are "user". Staff have one of four roles, and every staff member but an admin works at
 * named branches only (their orders, Collect, the Counter and their till are those branches').
 */
export const staffRoles = ["cashier", "manager", "mlro", "admin"] as const;
export type StaffRole = (typeof staffRoles)[number];
export const accountRoles = ["user", ...staffRoles] as const;
export type AccountRole = (typeof accountRoles)[number];

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (staffRoles as readonly string[]).includes(role ?? "");
}

/** How a role is named on screen (the Users table, the menu's header). */
export const roleLabels: Record<AccountRole, string> = {
  user: "User",
  cashier: "Cashier",
  manager: "Manager",
  mlro: "MLRO",
  admin: "Admin",
};

/**
 * Each permission with the roles that hold it. An admin holds every one; the MLRO works compliance and
 * no till; a manager does a cashier's work and also keeps the branch's money and people.
 */
export const permissionMatrix = {
  /** Pending and Accepted orders, Collect, History: accept, complete, cancel, archive. */
  "orders.work": ["cashier", "manager", "admin"],
  /** One order's page (the MLRO reads it to review a hold). */
  "orders.read": ["cashier", "manager", "mlro", "admin"],
  /** Any member of staff must be able to report a suspicion to the MLRO (POCA 2002 s.330). */
  "suspicion.raise": ["cashier", "manager", "mlro", "admin"],
  /** Walk-in trades at the Counter. */
  "counter.trade": ["cashier", "manager", "admin"],
  /** Open, move and close one's own till. */
  "till.own": ["cashier", "manager", "admin"],
  /** Sign off a till's variance above TILL_VARIANCE_SIGNOFF_GBP. */
  "till.signoff": ["manager", "admin"],
  /** Ask for a completed order or trade to be reversed. */
  "reversal.request": ["cashier", "manager", "admin"],
  /** Approve someone else's reversal. */
  "reversal.approve": ["manager", "admin"],
  /** Denomination stock. */
  "stock.manage": ["manager", "admin"],
  /** Currencies, rates, margins, rate comparison and the rate board. */
  "rates.manage": ["manager", "admin"],
  /** Statistics, the day's report, the orders' CSV. */
  "reports.read": ["manager", "admin"],
  /** The Users page: a manager manages the cashiers of their branches, an admin everyone. */
  "users.manage": ["manager", "admin"],
  /** Give any role (admin, MLRO, manager) and any branch. */
  "roles.assign": ["admin"],
  /** Compliance overview, flagged orders, holds, suspicion reports, sanctions lists. */
  "compliance.work": ["mlro", "admin"],
  /** The audit log. */
  "audit.read": ["mlro", "admin"],
  /** Subject access exports of an order's personal data. */
  "dataRights.export": ["mlro", "admin"],
  /** What every member of staff sees: the dashboard's warnings. */
  "staff.any": ["cashier", "manager", "mlro", "admin"],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Permission = keyof typeof permissionMatrix;
export const permissions = Object.keys(permissionMatrix) as Permission[];

export function roleMay(role: string | null | undefined, permission: Permission): boolean {
  return isStaffRole(role) && (permissionMatrix[permission] as readonly StaffRole[]).includes(role);
}

/** Every permission a role holds (sent to the browser with the session, for the menu and the buttons). */
export function permissionsOf(role: string | null | undefined): Permission[] {
  return permissions.filter((permission) => roleMay(role, permission));
}

/** The same shape as an endpoint tree, with a permission at every endpoint: none can be left out. */
type PermissionTree<Tree> = {
  readonly [Name in keyof Tree]: Tree[Name] extends EndpointRoute ? Permission : PermissionTree<Tree[Name]>;
};

/**
 * The permission every /api/admin endpoint needs. Typed against the endpoint map, so a new staff
 * endpoint does not compile until it has its line here; the server refuses to start with a staff route
 * that is not in the map, and the authorisation test calls each one as every role.
 */
export const adminRoutePermissions: PermissionTree<typeof adminRoutes> = {
  users: {
    list: "users.manage",
    makeAdmin: "roles.assign",
    resetSecondFactor: "users.manage",
    setRole: "users.manage",
    disable: "users.manage",
    enable: "users.manage",
  },
  auditLog: { page: "audit.read", actions: "audit.read", csv: "audit.read" },
  board: { featured: "rates.manage", setFeatured: "rates.manage" },
  collect: { find: "orders.read" },
  compliance: {
    overview: "compliance.work",
    flaggedOrders: "compliance.work",
    suspicionReports: "compliance.work",
  },
  currencies: { list: "rates.manage", get: "rates.manage", add: "rates.manage", update: "rates.manage" },
  rates: {
    check: "rates.manage",
    confirmHeld: "rates.manage",
    refreshState: "rates.manage",
    setRefresh: "rates.manage",
  },
  compareRates: { get: "rates.manage", set: "rates.manage" },
  orders: {
    list: "orders.work",
    csv: "reports.read",
    details: "orders.read",
    archive: "orders.work",
    transition: "orders.work",
    clearHold: "compliance.work",
    raiseSuspicionReport: "suspicion.raise",
    dataExport: "dataRights.export",
    phoneOnlyReview: "dataRights.export",
  },
  statistics: "reports.read",
  dayReport: "reports.read",
  dayReportCsv: "reports.read",
  importSanctionsList: "compliance.work",
  stock: { view: "stock.manage", set: "stock.manage" },
  counter: { view: "counter.trade", trade: "counter.trade", setMargins: "rates.manage" },
  till: {
    mine: "till.own",
    open: "till.own",
    close: "till.own",
    moveCash: "till.own",
    awaitingSignOff: "till.signoff",
    signOff: "till.signoff",
  },
  reversals: {
    request: "reversal.request",
    list: "reversal.request",
    approve: "reversal.approve",
    refuse: "reversal.approve",
  },
  warnings: "staff.any",
};

/** The permission of one staff endpoint by method and path (as the server registers it), or undefined. */
export function permissionOfAdminRoute(method: string, path: string): Permission | undefined {
  return adminRouteIndex.get(`${method.toUpperCase()} ${path}`);
}

const adminRouteIndex = new Map<string, Permission>();
(function indexTree(routes: object, granted: object) {
  for (const [name, route] of Object.entries(routes)) {
    const permission = (granted as Record<string, unknown>)[name];
    if ("method" in route)
      adminRouteIndex.set(`${(route as EndpointRoute).method} ${route.path}`, permission as Permission);
    else indexTree(route, permission as object);
  }
})(adminRoutes, adminRoutePermissions);

/**
 * The dashboard's pages in menu order, with the permission each needs. The menu shows the ones a role
 * holds; a page's guard refuses the others; a staff member lands on the first they hold.
 */
export const dashboardPages = [
  { path: "/dashboard/Statics", label: "Statics", permission: "reports.read" },
  { path: "/dashboard/manageOrders", label: "Pending Orders", permission: "orders.work" },
  { path: "/dashboard/activeOrders", label: "Accepted Orders", permission: "orders.work" },
  { path: "/dashboard/collect", label: "Collect", permission: "orders.work" },
  { path: "/dashboard/counter", label: "Counter", permission: "counter.trade" },
  { path: "/dashboard/till", label: "Till", permission: "till.own" },
  { path: "/dashboard/reversals", label: "Reversals", permission: "reversal.request" },
  { path: "/dashboard/history", label: "History", permission: "orders.work" },
  { path: "/dashboard/Currency", label: "Currency", permission: "rates.manage" },
  { path: "/dashboard/addCurrency", label: "Add Currency", permission: "rates.manage" },
  { path: "/dashboard/stock", label: "Stock", permission: "stock.manage" },
  { path: "/dashboard/reports", label: "Reports", permission: "reports.read" },
  { path: "/dashboard/Users", label: "Users", permission: "users.manage" },
  { path: "/dashboard/board", label: "Rate Board", permission: "rates.manage" },
  { path: "/dashboard/compliance", label: "Compliance", permission: "compliance.work" },
  { path: "/dashboard/audit", label: "Audit", permission: "audit.read" },
] as const satisfies ReadonlyArray<{ path: string; label: string; permission: Permission }>;

/** Pages reached from a list, not the menu (an order's page, a currency's Update page). */
export const dashboardSubpages = [
  { prefix: "/dashboard/orderDetails/", permission: "orders.read" },
  { prefix: "/dashboard/collect/", permission: "orders.work" },
  { prefix: "/dashboard/update/", permission: "rates.manage" },
] as const satisfies ReadonlyArray<{ prefix: string; permission: Permission }>;

/** The permission a dashboard path needs, or undefined for a path the dashboard does not have. */
export function permissionOfDashboardPath(pathname: string): Permission | undefined {
  const page = dashboardPages.find((entry) => entry.path.toLowerCase() === pathname.toLowerCase());
  if (page) return page.permission;
  return dashboardSubpages.find((entry) => pathname.startsWith(entry.prefix))?.permission;
}

/** Where a staff member starts: the first menu page their role holds. */
export function landingPageOf(role: string | null | undefined): string {
  return dashboardPages.find((page) => roleMay(role, page.permission))?.path ?? "/";
}

/** A member of staff as the rules of who-manages-whom see them. */
export type StaffPlacement = { role: AccountRole; branches: readonly string[] };

/**
 * Whether `actor` may change `target` at all (role, branches, Disable, a new authenticator): an admin
 * may change anyone but themselves; a manager only customers and the cashiers of their own branches.
 * Answers the refusal to show, or null.
 */
export function refusalToManage(actor: StaffPlacement & { id: string }, target: StaffPlacement & { id: string }) {
  if (actor.id === target.id) return NOT_YOURSELF;
  if (actor.role === "admin") return null;
  if (!roleMay(actor.role, "users.manage")) return NOT_YOUR_ROLE_MESSAGE;
  if (target.role !== "user" && target.role !== "cashier") return "Only an admin can change this member of staff.";
  if (target.branches.some((branch) => !actor.branches.includes(branch)))
    return "This cashier also works at a branch that is not yours: ask an admin.";
  return null;
}

/** Cashiers and managers work at named branches; the MLRO and admins work across all of them. */
export function worksAtBranches(role: AccountRole): boolean {
  return role === "cashier" || role === "manager";
}

/** Whether a member of staff works at a branch: a cashier or a manager at theirs, the others at every one. */
export function worksAt(staff: StaffPlacement, branchKey: string): boolean {
  return !worksAtBranches(staff.role) || staff.branches.includes(branchKey);
}

/** What a cashier or a manager is told about another branch's order or till. */
export const NOT_YOUR_BRANCH_MESSAGE = "This is for a branch you do not work at.";

/**
 * Whether `actor` may give `role` at `branches`: only an admin gives admin, MLRO or manager; a
 * manager gives cashier (or user) at their own branches. A cashier or a manager needs a branch.
 */
export function refusalToAssign(actor: StaffPlacement, role: AccountRole, branches: readonly string[]) {
  if (worksAtBranches(role) && branches.length === 0) return CHOOSE_A_BRANCH;
  if (actor.role === "admin") return null;
  if (role !== "user" && role !== "cashier") return "Only an admin can give this role.";
  if (branches.some((branch) => !actor.branches.includes(branch))) return "You can only give your own branches.";
  return null;
}

/** What a member of staff is told when their role does not hold what they tried. */
export const NOT_YOUR_ROLE_MESSAGE = "Your role does not include this.";
export const NOT_YOURSELF = "You cannot change your own account here: ask another admin.";
export const CHOOSE_A_BRANCH = "Choose at least one branch.";
