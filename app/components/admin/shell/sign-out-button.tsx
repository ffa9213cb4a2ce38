import { LogOut } from "~/components/icons";

/** Signing out changes state, so it is a POST form (works before JavaScript loads). */
export function SignOutButton({ className = "" }: { className?: string }) {
  return (
    <form method="post" action="/admin/logout" className={className}>
      <button
        type="submit"
        className="inline-flex items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100"
      >
        <LogOut aria-hidden="true" className="size-4" />
        Sign out
      </button>
    </form>
  );
}
