import { data } from "react-router";
import { boardData, boardKeyId } from "~/models/board.server";
import { seenNotice } from "~/pipeline/page-data-etag.server";
import { requirePermission } from "~/services/permissions.server";
import { lateRisk } from "~/views/forecast-view.server";
import { boardLinkInvalid } from "~/domain/board-messages";
import type { Route } from "./+types/board";
import { RUNNING_PER_COLUMN } from "~/domain/board-messages";
import { boardKeyLink } from "~/models/board.server";
import { speak } from "~/infra/i18n.server";

export function loader({ request }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("key");
  // A board link speaks the language chosen when it was made, whoever's browser shows it (docs/product.md, Languages).
  const link = key === null ? null : boardKeyLink(key);
  if (link) speak(link.language);
  if (key !== null) {
    if (boardKeyId(key) === null) throw data(boardLinkInvalid(), { status: 401, headers: { "Cache-Control": "no-store" } });
  } else requirePermission(request, "read");
  return data(
    // 'Late risk' (decision 0038): the projects expected to finish latest after their due date.
    { board: boardData({ seen: seenNotice(request), runningPerColumn: RUNNING_PER_COLUMN }), key, lateRisk: lateRisk(4) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
