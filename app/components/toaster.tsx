import { useEffect } from "react";
import { toast as showToast, Toaster } from "sonner";
import { TOAST_DURATION_MS } from "../lib/constants";

export type PendingToast = { message: string; type: "success" | "error" | "info" } | null;

/**
 * Toasts bottom-center, closing after 4 s. Loaded lazily after hydration so the toast library is not part of
 * the initial JavaScript; the Toaster mounts before the effect below shows a pending toast.
 */
export default function AppToaster({ toast }: { toast: PendingToast }) {
  useEffect(() => {
    if (!toast) return;
    if (toast.type === "error") showToast.error(toast.message);
    else if (toast.type === "info") showToast.info(toast.message);
    else showToast.success(toast.message);
  }, [toast]);
  return <Toaster position="bottom-center" duration={TOAST_DURATION_MS} closeButton />;
}
