import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { getMachineFileLabel } from "~/models/machine-file.server";
import { requirePermission } from "~/services/permissions.server";
import { parseIdParam } from "~/domain/ids";
import { machineFileMaterial, machineFileQrPayload } from "~/domain/machine-file-rules";
import { qrImage } from "~/infra/qr.server";
import type { Route } from "./+types/machine-file-print";

export async function loader({ request, params }: Route.LoaderArgs) {
  requirePermission(request, "read");
  const id = parseIdParam(params.id);
  const file = id === null ? undefined : getMachineFileLabel(id);
  if (!file) return data({ label: null }, { status: 404 });
  const svg = String((await qrImage(machineFileQrPayload(file, file.machineName), "svg")).body);
  return data(
    {
      label: {
        fileName: file.fileName,
        machine: file.machineName,
        machineValue: file.machine,
        project: file.projectName ?? t`N/A`,
        material: machineFileMaterial(file),
        svg,
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
