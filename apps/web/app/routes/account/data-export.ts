import { redirect } from "react-router";
import { withRedirect } from "../../features/account/redirect-target.ts";
import { dataExportDownload } from "../../features/data-rights/data-export-download.ts";
import { ApiClientError } from "../../lib/api-client.ts";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/data-export";

/**
 * "Download my data" on the profile page: the signed-in customer's own data as a JSON file (docs/features/retention-and-data-rights.md).
 * A read of the visitor's own data, changing nothing, so a plain link (GET) serves it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const dataExport = await serverApi(context).account.dataExport();
    return dataExportDownload(dataExport, "account");
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 401)
      throw redirect(withRedirect("/signIn", "/account/profile"));
    throw error;
  }
}
