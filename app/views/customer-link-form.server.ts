import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { customerStatusLink } from "~/domain/customer-status";
import { parseIdParam } from "~/domain/ids";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/languages";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getEnv } from "~/infra/env.server";
import type { Actor } from "~/models/audit.server";
import { createCustomerLink, listCustomerLinks, revokeCustomerLink } from "~/models/customer-link.server";
import { knownShopAddress } from "~/models/shop-settings.server";
import { domainError, type FormReply } from "./form-action.server";
import { keyDates } from "./keyed-links.server";

// The project page's 'Customer link' section (docs/decisions/0043-calendar-feeds-and-customer-links.md): its rows,
// and the two forms, as handlers of the project page's action (routes/project-detail-intents.server.ts).

export type CustomerLinkView = { id: number; created: string; lastOpened: string; revoked: string | null };

export function customerLinkRows(projectId: number): CustomerLinkView[] {
  const tz = getEnv().SHOP_TIMEZONE;
  return listCustomerLinks(projectId).map((l) => {
    const { created, lastUsed, revoked } = keyDates(l, tz);
    return { id: l.id, created, lastOpened: lastUsed, revoked };
  });
}

type Context = {
  request: Request;
  formData: FormData;
  projectId: number;
  here: string;
  formId: string;
  actor: Actor;
  fail: (status: number, message: string) => ReturnType<typeof data<FormReply>>;
};

/** The language chosen for a new link: English unless the form names another of ours. */
const linkLanguageOf = (formData: FormData): Language => {
  const chosen = formData.get("language");
  return isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
};

// The titles and fallbacks are read when a form fails, in the language of that request (getters, not constants).
export const customerLinkIntents = {
  "create-customer-link": {
    get title() {
      return t`Error`;
    },
    get fallback() {
      return t`Failed to make the customer link`;
    },
    handle: ({ request, formData, projectId, formId, actor, fail }: Context) => {
      let key: string;
      try {
        key = createCustomerLink(projectId, actor, linkLanguageOf(formData)).key;
      } catch (error) {
        const e = domainError(error);
        return fail(e.status, e.message);
      }
      // Shown once, in this answer (not a redirect): only the key's hash is stored.
      const link = customerStatusLink(knownShopAddress() ?? new URL(request.url).origin, key);
      return data<FormReply & { customerLink: string }>({
        formId,
        result: null,
        toast: { title: t`Customer link made`, description: t`Copy it now and send it to the customer: it is not shown again.`, variant: "default" },
        reauth: false,
        customerLink: link,
      });
    },
  },
  "revoke-customer-link": {
    get title() {
      return t`Error`;
    },
    get fallback() {
      return t`Failed to revoke the customer link`;
    },
    handle: ({ request, formData, projectId, here, actor, fail }: Context) => {
      const id = parseIdParam(String(formData.get("linkId") ?? ""));
      if (id === null) return fail(404, t`This customer link no longer exists or was already revoked.`);
      try {
        revokeCustomerLink(projectId, id, actor);
      } catch (error) {
        const e = domainError(error);
        return fail(e.status, e.message);
      }
      return redirectWithToast(request, `${here}#customer-link`, {
        title: t`Customer link revoked`,
        description: t`Whoever opens it now reads that the link is no longer valid.`,
      });
    },
  },
};
