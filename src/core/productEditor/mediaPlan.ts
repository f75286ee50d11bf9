/**
 * What each action of the product's Multimedia tab writes (docs/requirements.md#r5-validation "Media"), decided
 * here as a plan: the ordered writes, the notice a success shows and the words a failure starts with. The tab
 * only runs a plan (each step one request, in order, the first failure stops it) and shows the stored media
 * again. Pure: no requests, no React.
 */
import { safeFileName, uploadKindFor, uploadProblem, type UploadAnswer, type UploadKind } from './contract';
import {
  PRINCIPAL_ONLY_IMAGES,
  canBePrincipal,
  renditionOf,
  uploadEffect,
  type MediaRecord,
} from './mediaRecords';

export type MediaId = number | string;

/** One write: a media record updated, created or deleted, or the product's `imagen` changed. */
export type MediaStep =
  | { kind: 'update'; id: MediaId; data: MediaRecord; previous: MediaRecord }
  | { kind: 'create'; data: MediaRecord }
  | { kind: 'delete'; id: MediaId; previous: MediaRecord }
  | { kind: 'imagen'; imagen: string };

export interface MediaPlan {
  /** Run in this order; the first failure stops the rest. */
  steps: MediaStep[];
  /** The notice once every step is done. */
  success: string;
  /** The notice of a failure starts with this, then ': ' and the error. */
  failure: string;
}

/** An action is either planned, or refused before any request with this Spanish message. */
export type MediaDecision = { plan: MediaPlan } | { refused: string };

const NOT_STORED = (record: MediaRecord) => `«${record.nombre ?? ''}» no está guardado todavía.`;

export const MEDIA_UPDATED = 'Multimedia actualizada';
export const MEDIA_DELETED = 'Multimedia eliminada';
export const PRINCIPAL_UPDATED = 'Imagen principal actualizada';

/** The público switch: the record's publicoSN, nothing else. */
export const publicPlan = (record: MediaRecord, on: boolean): MediaDecision =>
  record.id === undefined
    ? { refused: NOT_STORED(record) }
    : {
        plan: {
          steps: [{ kind: 'update', id: record.id, data: { publicoSN: on ? 'S' : 'N' }, previous: record }],
          success: MEDIA_UPDATED,
          failure: `No se pudo actualizar «${record.nombre ?? ''}»`,
        },
      };

/**
 * The principal switch. Off: the record alone stops being principal. On (pictures only): every other principal
 * picture is switched off first, then this one on, then the product's `imagen` points at its 800x600 rendition —
 * so at no moment are two pictures principal.
 */
export const principalPlan = (
  productName: string,
  media: readonly MediaRecord[],
  record: MediaRecord,
  on: boolean,
): MediaDecision => {
  if (record.id === undefined) return { refused: NOT_STORED(record) };
  if (!on) {
    return {
      plan: {
        steps: [{ kind: 'update', id: record.id, data: { principalSN: 'N' }, previous: record }],
        success: MEDIA_UPDATED,
        failure: `No se pudo actualizar «${record.nombre ?? ''}»`,
      },
    };
  }
  if (!canBePrincipal(record)) return { refused: PRINCIPAL_ONLY_IMAGES };
  const others: MediaStep[] = media
    .filter(
      (other) =>
        other.id !== undefined &&
        other.id !== record.id &&
        other.tipo === 'Imagen' &&
        other.principalSN === 'S',
    )
    .map((other) => ({
      kind: 'update',
      id: other.id as MediaId,
      data: { principalSN: 'N' },
      previous: other,
    }));
  const imagen = renditionOf(productName, record);
  return {
    plan: {
      steps: [
        ...others,
        { kind: 'update', id: record.id, data: { principalSN: 'S' }, previous: record },
        ...(imagen ? [{ kind: 'imagen', imagen } as const] : []),
      ],
      success: PRINCIPAL_UPDATED,
      failure: 'No se pudo cambiar la imagen principal',
    },
  };
};

/** Deleting a record (asked first by the tab). */
export const deletePlan = (record: MediaRecord): MediaDecision =>
  record.id === undefined
    ? { refused: NOT_STORED(record) }
    : {
        plan: {
          steps: [{ kind: 'delete', id: record.id, previous: record }],
          success: MEDIA_DELETED,
          failure: `No se pudo eliminar «${record.nombre ?? ''}»`,
        },
      };

/** One dropped file: where it is sent under which stored name, or why it is refused before sending it. */
export interface UploadRequest {
  /** The name the person dropped (shown in the progress list). */
  name: string;
  /** The stored name (no folders, spaces as underscores). */
  fileName: string;
  kind: UploadKind;
  problem?: string;
}

/**
 * The files of a drop, in order. The main-image area sends every file to /images-upload (and so refuses
 * documents); the other area sends pictures there and anything else to /files-upload.
 */
export const uploadRequests = (
  files: readonly { name: string; size: number }[],
  asMain: boolean,
): UploadRequest[] =>
  files.map((file) => {
    const fileName = safeFileName(file.name);
    const kind: UploadKind = asMain ? 'images' : uploadKindFor(fileName);
    const problem = uploadProblem(file, kind);
    return { name: file.name, fileName, kind, ...(problem ? { problem } : {}) };
  });

/**
 * The writes after a file is stored (`answer`), against the media as they are now: the matched record updated or
 * a new one created, then the product's `imagen` when the file is (now) its main picture (see uploadEffect).
 */
export const uploadSteps = (
  productoId: MediaId,
  media: readonly MediaRecord[],
  request: Pick<UploadRequest, 'fileName'>,
  answer: UploadAnswer,
  asMain: boolean,
): MediaStep[] => {
  const effect = uploadEffect(productoId, media, request.fileName, answer, asMain);
  const steps: MediaStep[] = [];
  if (effect.update) {
    steps.push({
      kind: 'update',
      id: effect.update.id,
      data: effect.update.data,
      previous: effect.update.previous,
    });
  }
  if (effect.create) steps.push({ kind: 'create', data: effect.create });
  if (effect.imagen) steps.push({ kind: 'imagen', imagen: effect.imagen });
  return steps;
};

export interface MediaNotice {
  type: 'success' | 'error';
  message: string;
}

/** What the person is told once a drop is done: how many files went up, how many did not (and where to look). */
export const uploadNotices = (outcomes: readonly { failed: boolean }[]): MediaNotice[] => {
  const failed = outcomes.filter((outcome) => outcome.failed).length;
  const done = outcomes.length - failed;
  const notices: MediaNotice[] = [];
  if (done) notices.push({ type: 'success', message: `${done} fichero(s) subido(s)` });
  if (failed) {
    notices.push({
      type: 'error',
      message: `${failed} fichero(s) no se pudieron subir: revisa el detalle en la pestaña Multimedia`,
    });
  }
  return notices;
};
