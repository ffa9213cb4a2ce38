/**
 * Staff accounts: sign-in lookups, roles, the notice settings, the first admin at start.
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
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
