import { beforeEach, describe, expect, test } from "bun:test";
import { addMember, createApp, visibleHtml } from "../helpers/app";

// Pages are sent complete to every client, not only to the ones a user-agent list calls bots: a floor PC with
// JavaScript off cannot run the scripts that fill what streams after the shell (docs/decisions/0030-platform-parts.md).

let app: ReturnType<typeof createApp>;
beforeEach(() => {
  app = createApp();
  addMember("Ada Admin", "4321", ["management"]);
});

const AGENTS = {
  "a current browser": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "an old floor PC": "Mozilla/5.0 (Windows NT 6.1; rv:52.0) Gecko/20100101 Firefox/52.0",
  "a text browser": "Lynx/2.9.0dev.12 libwww-FM/2.14 SSL-MM/1.4.1 GNUTLS/3.7.9",
  "a crawler": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "no user agent": "",
};

describe("every page arrives complete", () => {
  for (const [who, agent] of Object.entries(AGENTS)) {
    test(`for ${who}`, async () => {
      const ada = app.client();
      await ada.signIn("4321");
      for (const path of ["/", "/projects", "/settings", "/items"]) {
        const res = await ada.request(path, { headers: { "user-agent": agent } });
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html.trimEnd()).toEndWith("</html>");
        expect(html).not.toContain("<template");
        expect(await visibleHtml(new Response(html))).toContain("Ada Admin");
      }
    });
  }
});
