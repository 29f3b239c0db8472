import { t } from "@lingui/core/macro";
import { boardLink } from "~/domain/board-messages";
import { createBoardKey, listBoardKeys, revokeBoardKey } from "~/models/board.server";
import { BoardKeyFormSchema } from "~/schemas/board";
import { qrBaseUrl } from "~/services/shop-address.server";
import { keyedLinkAction, loadKeyedLinks } from "~/views/keyed-links.server";
import type { Route } from "./+types/settings-boards";

export function loader({ request }: Route.LoaderArgs) {
  return loadKeyedLinks(request, listBoardKeys, () => ({}));
}

export function action({ request }: Route.ActionArgs) {
  return keyedLinkAction(request, {
    here: "/settings/boards",
    schema: BoardKeyFormSchema,
    create: ({ name, language }, actor, request) => {
      const { key } = createBoardKey(name, actor, language);
      return { name, link: boardLink(qrBaseUrl(request).replace(/\/qr\/$/, ""), key) };
    },
    revoke: (id, actor) => {
      revokeBoardKey(id, actor);
      return { title: t`Board link revoked`, description: t`A TV still showing it stops updating and shows that the link is no longer valid.` };
    },
  });
}
