import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link, useSearchParams } from "react-router";
import { LiveDuration } from "~/components/live-duration";
import { QrCodeDialog } from "~/components/qr-code-dialog";
import { Row, Rows, Section } from "~/components/detail-section";
import { Icon } from "~/components/icons";
import { TIMER_COLORS } from "~/components/timer-badge";
import { Badge, btn, PageHeader } from "~/components/ui";
import { departmentLabel } from "~/domain/format";
import type { Route } from "./+types/product-details";
export { loader } from "./product-details.server";

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.details?.item.name;
  return [{ title: name ? t`${name} · Shopflow` : t`Product Not Found · Shopflow` }];
}

export default function ProductDetails({ loaderData, params }: Route.ComponentProps) {
  const { t } = useLingui();
  const [search] = useSearchParams();
  const { details, qr, now } = loaderData;
  const back = (
    <Link to={loaderData.back.to} className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
      ← {loaderData.back.label}
    </Link>
  );
  if (!details) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-ink">{t`Product Not Found`}</h1>
        <p className="mt-2 text-base text-ink-muted wrap-anywhere">{t`No product has the id ${params.id}.`}</p>
        <div className="mt-6">{back}</div>
      </div>
    );
  }
  const { item, project } = details;
  const here = `/products/${item.id}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader
        back={back}
        title={item.name}
        subtitle={t`Product details`}
        actions={
          qr ? (
            <Link to={`${here}?qr=1`} preventScrollReset className={btn.secondary}>
              <Icon name="qr" />
              {t`View QR Code`}
            </Link>
          ) : null
        }
      />
      {qr && search.get("qr") === "1" ? (
        <QrCodeDialog label={qr} closeTo={here} addressNote={"addressNote" in loaderData ? loaderData.addressNote : null} />
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Section title={t`Product Information`} icon="products">
          <Rows>
            <Row label={t`Name`}>{item.name}</Row>
            <Row label={t`Category`}>{item.category}</Row>
            <Row label={t`Current department`}>{details.departmentName ?? departmentLabel(item.department)}</Row>
          </Rows>
        </Section>
        <Section title={t`Project & Workflow`} icon="folder">
          <Rows>
            <Row label={t`Project`}>
              <Link to={`/projects/${project.id}`} className={btn.textLink}>
                {project.name}
              </Link>
            </Row>
            <Row label={t`Description`}>{project.description || "—"}</Row>
            <Row label={t`Project workflow`}>{details.projectWorkflowName ?? t`No workflow assigned`}</Row>
            <Row label={t`Product workflow`}>{details.productWorkflowName ?? t`To be defined later`}</Row>
          </Rows>
        </Section>
        <Section title={t`Timer Information`} icon="clock">
          <Rows>
            <Row label={t`Status`}>
              {/* 'Active or Stopped' on this card by design; every other screen says Running (decision 0028). A
                  finished item says so, as everywhere (decision 0048). */}
              {item.finishedAt ? (
                <Badge color={TIMER_COLORS.finished}>{t`Finished`}</Badge>
              ) : item.isTimerActive ? (
                <Badge color="green">{t`Active`}</Badge>
              ) : (
                <Badge color="gray">{t`Stopped`}</Badge>
              )}
            </Row>
            <Row label={t`Total time`}>
              <span className="font-mono text-lg font-semibold tabular-nums">
                <LiveDuration
                  totalSeconds={item.totalTimeSeconds}
                  sessionStart={item.isTimerActive && item.currentSessionStart ? new Date(item.currentSessionStart).getTime() : null}
                  serverNow={now}
                />
              </span>
            </Row>
            {details.sessionStartText ? <Row label={t`Session started`}>{details.sessionStartText}</Row> : null}
          </Rows>
        </Section>
        <Section title={t`Timeline`} icon="clock">
          <Rows>
            <Row label={t`Created`}>{details.createdText}</Row>
          </Rows>
        </Section>
      </div>
    </div>
  );
}
