import { data, Link, useSearchParams } from "react-router";
import { LiveDuration } from "~/components/live-duration";
import { QrCodeDialog } from "~/components/qr-code-dialog";
import { Badge, btn } from "~/components/ui";
import { getProductDetails } from "~/models/item.server";
import { getEnv } from "~/utils/env.server";
import { formatDateTime, formatTimelineDate } from "~/utils/dates";
import { departmentLabel } from "~/utils/format";
import { requirePermission } from "~/services/permissions.server";
import { itemQrUrl } from "~/utils/qr.server";
import type { Route } from "./+types/product-details";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.details ? `${loaderData.details.item.name} · Shopflow` : "Product Not Found · Shopflow" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  requirePermission(request, "read");
  const id = Number(params.id);
  const details = Number.isSafeInteger(id) && id > 0 ? getProductDetails(id) : undefined;
  if (!details) return data({ details: null, qr: null, tz: "", now: 0 }, { status: 404 });
  const tz = getEnv().SHOP_TIMEZONE;
  const { item, project } = details;
  // The images come from the cached QR route (routes/item-qr.ts): the page carries their URLs, not the images.
  const qr = item.qrCode
    ? {
        itemName: item.name,
        projectName: project.name,
        product: item.category,
        material: item.material,
        payload: itemQrUrl(request, item.id),
        svg: `/items/${item.id}/qr.svg`,
        png: `/items/${item.id}/qr.png`,
      }
    : null;
  return {
    details: {
      ...details,
      createdText: formatTimelineDate(item.createdAt, tz),
      sessionStartText: item.isTimerActive && item.currentSessionStart ? formatDateTime(item.currentSessionStart, tz) : null,
    },
    qr,
    tz,
    now: Date.now(),
  };
}

function InfoCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
      <dl className="mt-3 space-y-2 text-sm">{children}</dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

export default function ProductDetails({ loaderData, params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const { details, qr, now } = loaderData;
  const back = (
    <Link to="/settings" className="text-sm font-medium text-orange-700 hover:underline">
      ← Back to Settings
    </Link>
  );
  if (!details) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Product Not Found</h1>
        <p className="mt-2 text-slate-600">No product has the id {params.id}.</p>
        <div className="mt-6">{back}</div>
      </div>
    );
  }
  const { item, project } = details;
  const here = `/products/${item.id}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      {back}
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{item.name}</h1>
          <p className="mt-1 text-sm text-slate-600">Product details</p>
        </div>
        {qr ? (
          <Link to={`${here}?qr=1`} preventScrollReset className={btn.secondary}>
            View QR Code
          </Link>
        ) : null}
      </div>
      {qr && search.get("qr") === "1" ? <QrCodeDialog label={qr} closeTo={here} /> : null}
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <InfoCard title="Product Information">
          <Row label="Name">{item.name}</Row>
          <Row label="Category">{item.category}</Row>
          <Row label="Current department">{details.departmentName ?? departmentLabel(item.department)}</Row>
        </InfoCard>
        <InfoCard title="Project & Workflow">
          <Row label="Project">
            <Link to={`/projects/${project.id}`} className="font-medium text-orange-700 hover:underline">
              {project.name}
            </Link>
          </Row>
          <Row label="Description">{project.description || "—"}</Row>
          <Row label="Project workflow">{details.projectWorkflowName ?? "No workflow assigned"}</Row>
          <Row label="Product workflow">{details.productWorkflowName ?? "To be defined later"}</Row>
        </InfoCard>
        <InfoCard title="Timer Information">
          <Row label="Status">
            {item.isTimerActive ? <Badge color="green">Active</Badge> : <Badge color="gray">Stopped</Badge>}
          </Row>
          <Row label="Total time">
            <LiveDuration
              totalSeconds={item.totalTimeSeconds}
              sessionStart={item.isTimerActive && item.currentSessionStart ? new Date(item.currentSessionStart).getTime() : null}
              serverNow={now}
            />
          </Row>
          {details.sessionStartText ? <Row label="Session started">{details.sessionStartText}</Row> : null}
        </InfoCard>
        <InfoCard title="Timeline">
          <Row label="Created">{details.createdText}</Row>
        </InfoCard>
      </div>
    </div>
  );
}
