import { useLocation, useNavigation } from "react-router";

/** True while the current list page is reloading (new search, filter, sort or page). */
export function useListBusy(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === location.pathname;
}

/** True while a form on this page is being submitted. */
export function useSubmitting(): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting";
}
