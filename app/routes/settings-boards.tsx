import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { TextField } from "~/components/forms";
import { KeyedLinkPage } from "~/components/settings/keyed-link-page";
import { LanguageChoice } from "~/components/language-choice";
import { i18n } from "~/domain/i18n-runtime";
import { BoardKeyFormSchema } from "~/schemas/board";
import type { Route } from "./+types/settings-boards";
export { loader, action } from "./settings-boards.server";

// Global Settings → Board links: management makes a read-only link for each wall TV, sees when
// each was last used, and revokes one that leaked. The link (its key) is shown once, when made.

export const meta = () => [{ title: i18n._(msg`Board links · Global Settings · Shopflow`) }];

export default function SettingsBoards({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  return (
    <KeyedLinkPage
      width="max-w-4xl"
      title={t`Board links`}
      subtitle={t`Read-only links for the floor board on a wall TV: no PIN, and they open nothing else.`}
      schema={BoardKeyFormSchema}
      form={{
        heading: t`New board link`,
        headingId: "new-board-link",
        className: "mt-3 flex flex-wrap items-end gap-3",
        fields: (fields) => (
          <>
            <TextField field={fields.name} label={t`Board name (where the TV is)`} className="min-w-0 flex-1 basis-64" placeholder={t`Shop floor TV`} />
            <LanguageChoice kind="board" className="basis-40" />
          </>
        ),
        submit: t`Make board link`,
      }}
      reveal={({ name, link }: { name: string; link: string }) => (
        <>
          <p className="font-semibold">{t`Board link for ${name} made. Copy it now: it is not shown again.`}</p>
          <p className="mt-2 font-mono text-sm break-all text-ink" data-testid="board-link">
            {link}
          </p>
        </>
      )}
      list={{
        heading: t`Links`,
        headingId: "board-links",
        columns: [
          { label: t`Made`, cell: (k) => k.created },
          { label: t`Last used`, cell: (k) => k.lastUsed },
        ],
        revokeLabel: ({ name }) => t`board link ${name}`,
        empty: { icon: "eye", title: t`No board links yet`, text: t`Make one above and open it on the TV's browser; the board updates by itself.` },
      }}
      rows={loaderData.links}
    />
  );
}
