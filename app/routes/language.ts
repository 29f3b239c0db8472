import { redirect } from "react-router";
import { isLanguage } from "~/domain/languages";
import { languageCookie } from "~/services/language.server";
import type { Route } from "./+types/language";

/** Only a path of this site: a switch must not become a way to send someone elsewhere. */
function backTo(value: FormDataEntryValue | null): string {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : "/";
}

export function loader() {
  return redirect("/");
}

// The English/Español switch of the signed-out screens: a plain form, so it works without JavaScript too.
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  const back = backTo(form.get("back"));
  if (!isLanguage(language)) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": languageCookie(request, language) } });
}
