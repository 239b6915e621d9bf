// The answer documents of a learner's sitting, per answer: what the server holds, the upload
// running (with its progress), the files refused here or by the server, and removal. Uploads
// still running when the page closes are cancelled.
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/strapi';
import type { MediaFile } from '../media';
import { answerFileProblem } from './answerRules';
import {
  useRemoveAnswerDocumentMutation,
  useUploadAnswerDocumentsMutation,
} from './mainsEndpoints';
import type { WorkAnswer } from './mainsTypes';
import type { Upload } from './WorkQuestionCard';

type ByAnswer<T> = Record<string, T>;

const without = <T>(all: ByAnswer<T>, answerId: string): ByAnswer<T> =>
  Object.fromEntries(Object.entries(all).filter(([key]) => key !== answerId));

export function useAnswerDocuments() {
  const [documents, setDocuments] = useState<ByAnswer<MediaFile[]>>({});
  const [uploads, setUploads] = useState<ByAnswer<Upload>>({});
  const [errors, setErrors] = useState<ByAnswer<string[]>>({});
  const [removing, setRemoving] = useState<number | null>(null);
  const [uploadDocuments] = useUploadAnswerDocumentsMutation();
  const [removeDocument] = useRemoveAnswerDocumentMutation();
  const running = useRef(new Set<{ abort: () => void }>());

  useEffect(() => {
    const open = running.current;
    return () => {
      for (const upload of open) upload.abort();
    };
  }, []);

  /** What the server holds, as a sitting opens. */
  const received = useCallback(
    (answers: readonly WorkAnswer[]) =>
      setDocuments(Object.fromEntries(answers.map((item) => [item.documentId, item.documents]))),
    [],
  );

  const setAnswerErrors = (answerId: string, list: string[]) =>
    setErrors((all) => ({ ...all, [answerId]: list }));

  const upload = async (answerId: string, picked: File[]) => {
    const refused: string[] = [];
    const accepted: File[] = [];
    for (const file of picked) {
      const problem = answerFileProblem(file);
      if (problem) refused.push(`${file.name}: ${problem}`);
      else accepted.push(file);
    }
    setAnswerErrors(answerId, refused);
    if (accepted.length === 0) return;
    const label = accepted.length === 1 ? (accepted[0]?.name ?? '') : `${accepted.length} files`;
    setUploads((all) => ({ ...all, [answerId]: { label, percent: 0 } }));
    const request = uploadDocuments({
      answerId,
      files: accepted,
      onProgress: (percent) =>
        setUploads((all) => (all[answerId] ? { ...all, [answerId]: { label, percent } } : all)),
    });
    running.current.add(request);
    try {
      const saved = await request.unwrap();
      setDocuments((all) => ({ ...all, [answerId]: saved }));
    } catch (failure) {
      // (Cancelled as the page closed: the state is gone with it.)
      setErrors((all) => ({
        ...all,
        [answerId]: [...(all[answerId] ?? []), errorMessage(failure, 'The upload failed.')],
      }));
    } finally {
      running.current.delete(request);
      setUploads((all) => without(all, answerId));
    }
  };

  const remove = async (answerId: string, file: MediaFile) => {
    setRemoving(file.id);
    setAnswerErrors(answerId, []);
    try {
      const left = await removeDocument({ answerId, fileId: file.id }).unwrap();
      setDocuments((all) => ({ ...all, [answerId]: left }));
    } catch (failure) {
      setAnswerErrors(answerId, [`${file.name}: ${errorMessage(failure)}`]);
    } finally {
      setRemoving(null);
    }
  };

  return { documents, uploads, errors, removing, received, upload, remove };
}
