import { type DataExport, dataExportFileName } from "@bureau/domain/contracts/data-export";

/**
 * A subject access export as a file download: the browser saves it (Content-Disposition: attachment) and
 * stays on the page it was asked from. Never cached: it is personal data.
 */
export function dataExportDownload(dataExport: DataExport, label: string): Response {
  return new Response(`${JSON.stringify(dataExport, null, 2)}\n`, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${dataExportFileName(label, dataExport.generatedAt)}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
