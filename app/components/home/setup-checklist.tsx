import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import type { ShopAddressOffer } from "~/domain/hosts";
import type { SetupStep } from "~/models/setup.server";
import { Icon, type IconName } from "../icons";
import { ShopAddressStep } from "../shop-address-step";

const SETUP_LINES: Record<SetupStep["key"], { title: MessageDescriptor; hint: MessageDescriptor; to: string; icon: IconName }> = {
  departments: {
    title: msg`Add your departments`,
    hint: msg`Pre-Production, Production, Fabrication and the rest: one click adds the standard six.`,
    to: "/settings?tab=departments",
    icon: "departments",
  },
  machines: {
    title: msg`Add your machine stations`,
    hint: msg`Printers, cutters and routers: each one gets its own page on the Production Floor.`,
    to: "/settings?tab=departments&new=1",
    icon: "machine",
  },
  products: {
    title: msg`Add your products`,
    hint: msg`The kinds of work you make, each with the departments it goes through.`,
    to: "/settings?tab=products",
    icon: "products",
  },
  materials: {
    title: msg`Add your materials`,
    hint: msg`Vinyl, aluminium, acrylic: every item is made of one.`,
    to: "/settings?tab=materials",
    icon: "materials",
  },
  workflows: {
    title: msg`Add a project workflow`,
    hint: msg`The order of departments a project follows.`,
    to: "/settings?tab=workflows",
    icon: "workflows",
  },
  teamMembers: {
    title: msg`Add your team`,
    hint: msg`Give everyone a PIN and the departments they work in.`,
    to: "/settings?tab=team",
    icon: "team",
  },
  shopAddress: {
    title: msg`Set the shop's address`,
    hint: msg`The address a phone opens from a QR label.`,
    to: "/settings/shop-address",
    icon: "qr",
  },
};

/** docs/product.md (Decisions): a first start without demo data is never a dead end. Management sees what is left to set up. */
export function SetupChecklist({ steps, addressOffer }: { steps: SetupStep[]; addressOffer: ShopAddressOffer | null }) {
  const { t, i18n } = useLingui();
  const done = steps.filter((s) => s.done).length;
  const total = steps.length;
  const doneMark = t`(done)`;
  return (
    <section
      aria-labelledby="setup-title"
      className="mx-auto mt-10 max-w-3xl rounded-2xl border border-brand-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="setup-checklist"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-title" className="text-xl font-semibold text-ink">
          {t`Set up your shop`}
        </h2>
        <p className="text-sm font-medium text-ink-muted">{t`${done} of ${total} done`}</p>
      </div>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <ol className="mt-4 divide-y divide-line">
        {steps.map((step) => {
          const line = SETUP_LINES[step.key];
          if (step.key === "shopAddress" && !step.done && addressOffer)
            return <ShopAddressStep key={step.key} offer={addressOffer} title={i18n._(line.title)} />;
          return (
            <li key={step.key} data-testid={`setup-${step.key}`} data-done={step.done ? "true" : "false"}>
              <Link to={line.to} className="group flex min-h-14 items-center gap-3 py-3">
                <span
                  className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${step.done ? "bg-success-700 text-white" : "border-2 border-slate-300 text-ink-muted"}`}
                >
                  <Icon name={step.done ? "check" : line.icon} className="h-5 w-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className={`block text-base font-semibold ${step.done ? "text-ink-muted line-through" : "text-ink group-hover:text-brand-800"}`}>
                    {i18n._(line.title)}
                    {step.done ? <span className="sr-only"> {doneMark}</span> : null}
                  </span>
                  <span className="block text-sm text-ink-muted">{i18n._(line.hint)}</span>
                </span>
                <Icon name="arrowRight" className="h-5 w-5 text-ink-subtle group-hover:text-brand-800" />
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
