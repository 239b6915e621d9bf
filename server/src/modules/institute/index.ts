// The institute module's door (issue 24): the institute's own name, look and rules.
export { clearInstituteFile, setInstituteFile } from './files';
export {
  ensureInstituteTable,
  readInstitute,
  registrationOpen,
  seedInstituteTimeZone,
} from './settings';
export { isTimeZone, updateInstitute } from './update';
