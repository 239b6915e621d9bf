// The institute module's door (issue 24): the institute's own name, look and rules.
export { clearInstituteFile, setInstituteFile } from './files';
export { ensureInstituteTable, readInstitute, registrationOpen } from './settings';
export { updateInstitute } from './update';
