import { data, redirect } from "react-router";
import { withRedirect } from "../../features/account/redirect-target.ts";
import { dataExportDownload } from "../../features/data-rights/data-export-download.ts";
import { ApiClientError } from "../../lib/api-client.ts";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/data-export";

/**
 * The order page's "Download customer data" (a subject access request, docs/features/retention-and-data-rights.md): a form post, since
 * the export is audited, answered with the JSON file. The API checks that the visitor is staff.
 */
export async function action({ context, params }: Route.ActionArgs) {
  try {
    const dataExport = await serverApi(context).admin.orders.dataExport({ id: params.id });
    return dataExportDownload(dataExport, `order-${params.id.slice(0, 8)}`);
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 401) {
      throw redirect(withRedirect("/signIn", `/dashboard/orderDetails/${params.id}`));
    }
    if (error instanceof ApiClientError && error.status < 500) throw data(error.message, { status: error.status });
    throw error;
  }
}

/** A GET exports nothing: back to the order's page. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/dashboard/orderDetails/${encodeURIComponent(params.id)}`);
}
