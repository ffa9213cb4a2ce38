/**
 * Staff accounts and the audit trail: the queries serve these as they are (no rule of their own beyond the
 * route's guard), passed on without a service each (decision 068).
 */

export { listRecentAudit } from "~/queries/audit.server";
export {
  changeUserRole,
  createUserWithPassword,
  getNoticeSettings,
  getUserByEmail,
  getUserById,
  listUsers,
  type NoticeSettings,
  setApplicationNoticeSetting,
  setNoticeSettings,
  setUserDisabled,
  type UserChangeResult,
} from "~/queries/users.server";
