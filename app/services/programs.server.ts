/**
 * Programs as the public pages, the admin screens and the calendar feed read and change them.
 * Routes reach the queries through this module (decision 036); it passes them on as they are until the
 * capability needs logic of its own.
 */
export {
  createProgram,
  deleteProgram,
  findProgramByAddressKey,
  findProgramNameClash,
  getProgramById,
  getProgramBySlug,
  isProgramNameTaken,
  listProgramCountries,
  listProgramInstructionLanguages,
  listProgramSummaries,
  listPrograms,
  type ProgramInput,
  type ProgramRow,
  type ProgramSummary,
  searchProgramsForAdmin,
  updateProgram,
} from "~/queries/programs.server";
