import { redirect } from "react-router";
import { isLanguage } from "~/domain/languages";
import { actorFrom } from "~/services/actor.server";
import { languageCookie } from "~/services/language.server";
import { getUser } from "~/services/session.server";
import { updateTeamMember } from "~/models/team-member.server";
import type { Route } from "./+types/language";

/** Only a path of this site: a switch must not become a way to send someone elsewhere. */
function backTo(value: FormDataEntryValue | null): string {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : "/";
}

export function loader() {
  return redirect("/");
}

// The English/Español switch of the signed-out screens, and a member's own language on their Home (`for=me`):
// plain forms, so they work without JavaScript too.
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  const back = backTo(form.get("back"));
  if (form.get("for") === "me") {
    // Saved on the member and audited as any change of a member is; '' follows the device again.
    const user = getUser(request);
    const own = language === "" ? null : isLanguage(language) ? language : undefined;
    if (user && !user.apiToken && own !== undefined && own !== (user.language ?? null)) {
      updateTeamMember(user.id, { language: own }, actorFrom(request, user));
    }
    return redirect(back);
  }
  if (!isLanguage(language)) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": languageCookie(request, language) } });
}
