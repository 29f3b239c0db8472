import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRevalidator, useSubmit } from "react-router";
import { LazyPinDialog } from "./lazy-pin-dialog";

/**
 * A save refused because the session ended (the action answered `reauth: true`): open the PIN dialog and, after
 * sign-in, send the same form again, so what the person typed is saved instead of lost. Wrap the forms in an
 * element with `onSubmitCapture` to remember the last submission.
 */
export function useReauthRetry(actionData: { reauth?: boolean } | undefined) {
  const { t } = useLingui();
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const last = useRef<{ data: FormData; action: string } | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (actionData?.reauth && last.current) setOpen(true);
  }, [actionData]);

  const onSubmitCapture = (e: FormEvent<HTMLElement>) => {
    const form = e.target as HTMLFormElement;
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    last.current = { data: new FormData(form, submitter), action: form.getAttribute("action") ?? "" };
  };

  const dialog = (
    <LazyPinDialog
      open={open}
      onOpenChange={setOpen}
      title={t`Global Login`}
      onSuccess={() => {
        const saved = last.current;
        if (saved) void submit(saved.data, { method: "post", action: saved.action || undefined });
        else revalidator.revalidate();
      }}
    />
  );
  return { onSubmitCapture, dialog };
}
