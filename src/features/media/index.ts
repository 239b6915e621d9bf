// What other features may use of media: they import this file, never the files behind it.
export { FileList } from './FileList';
export { MaterialsField } from './MaterialsField';
// The upload bar lives with the shared feedback pieces; features take it from here as before.
export { UploadProgress } from '../../components/feedback/UploadProgress';
export { VideoPlayer } from './VideoPlayer';
export { FILE_TYPE_NOT_ALLOWED, IMAGE_TYPES, acceptOf, fileProblem, fileTypeOf } from './fileRules';
export type { MediaFile, ProgressHandler } from './mediaTypes';
export { absoluteFileUrl } from './mediaUrls';
export {
  mediaEndpoints,
  useRenameFileMutation,
  useUploadFilesMutation,
  useUploadMaterialMutation,
} from './mediaEndpoints';
export { NOT_A_YOUTUBE_LINK, youtubeVideoId } from './youtube';
