import { useEffect } from "react";
import { toast as showToast, Toaster } from "sonner";
import { TOAST_DURATION_MS } from "../lib/constants";
import { useTranslation } from "../lib/i18n/react";

/** A toast message that is a message key (`toast.…`) is shown in the page's language; any other text as it is. */
const TOAST_KEY = /^toast\.[\w.]+$/;

export type PendingToast = { message: string; type: "success" | "error" | "info" } | null;

/**
 * Toasts bottom-center, closing after 4 s, labelled in the page's language. Loaded lazily after hydration so the toast library is not part of
 * the initial JavaScript; the Toaster mounts before the effect below shows a pending toast.
 */
export default function AppToaster({ toast }: { toast: PendingToast }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!toast) return;
    const message = TOAST_KEY.test(toast.message) ? t(toast.message) : toast.message;
    if (toast.type === "error") showToast.error(message);
    else if (toast.type === "info") showToast.info(message);
    else showToast.success(message);
  }, [toast, t]);
  return (
    <Toaster
      position="bottom-center"
      duration={TOAST_DURATION_MS}
      closeButton
      containerAriaLabel={t("toast.region")}
      toastOptions={{ closeButtonAriaLabel: t("toast.close") }}
    />
  );
}
