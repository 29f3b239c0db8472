import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Icon, type IconName } from "./icons";
import { btn } from "./ui";

export function Centered({ children, icon }: { children: React.ReactNode; icon?: IconName }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:py-24">
      {icon ? (
        <span className="mx-auto mb-5 flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon name={icon} className="h-8 w-8" />
        </span>
      ) : null}
      {children}
    </div>
  );
}

export function HomeLink() {
  const { t } = useLingui();
  return (
    <Link to="/" className={`mt-8 ${btn.primary}`}>
      {t`Go to Home`}
    </Link>
  );
}

export function NotFound() {
  const { t } = useLingui();
  return (
    <Centered icon="search">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t`404 Page Not Found`}</h1>
      <p className="mt-3 text-base text-ink-muted">{t`There is no page at this address.`}</p>
      <HomeLink />
    </Centered>
  );
}
