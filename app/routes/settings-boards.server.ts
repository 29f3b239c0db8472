import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { createBoardKey, listBoardKeys, revokeBoardKey } from "~/models/board.server";
import { BoardKeyFormSchema, BoardKeyRevokeSchema } from "~/schemas/board";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { boardLink } from "~/domain/board-messages";
import { formatDateTime } from "~/domain/dates";
import { getEnv } from "~/infra/env.server";
import { NotFoundError } from "~/domain/errors";
import { qrBaseUrl } from "~/services/shop-address.server";
import { redirectWithToast } from "~/http/toast-cookie.server";
import type { Route } from "./+types/settings-boards";

export function loader({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const tz = getEnv().SHOP_TIMEZONE;
  return data(
    {
      keys: listBoardKeys().map((k) => ({
        id: k.id,
        name: k.name,
        created: formatDateTime(k.createdAt, tz),
        lastUsed: k.lastUsedAt ? formatDateTime(k.lastUsedAt, tz) : "Never",
        revoked: k.revokedAt ? formatDateTime(k.revokedAt, tz) : null,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = requirePermission(request, "settings:write");
  const actor = actorFrom(request, user);
  const form = await request.formData();
  if (form.get("intent") === "revoke") {
    const parsed = BoardKeyRevokeSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data({ result: null, created: null }, { status: 400 });
    try {
      revokeBoardKey(parsed.data.id, actor);
    } catch (error) {
      if (error instanceof NotFoundError)
        return redirectWithToast(request, "/settings/boards", { title: "Error", description: error.message, variant: "destructive" });
      throw error;
    }
    return redirectWithToast(request, "/settings/boards", {
      title: "Board link revoked",
      description: "A TV still showing it stops updating and shows that the link is no longer valid.",
    });
  }
  const submission = parseWithZod(form, { schema: BoardKeyFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 400 });
  const { key } = createBoardKey(submission.value.name, actor);
  // Shown once, in this answer: only the key's hash is stored.
  const base = qrBaseUrl(request).replace(/\/qr\/$/, "");
  return data({ result: submission.reply({ resetForm: true }), created: { name: submission.value.name, link: boardLink(base, key) } });
}
