/** Files the app downloads (object URL + anchor click), captured per test of the calling file. */
import { afterEach, beforeEach, vi } from 'vitest';

export interface Download {
  name: string;
  blob: Blob;
}

/** Installs the capture around every test of the calling file; the returned list holds the current test's files. */
export const captureDownloads = (): Download[] => {
  const downloads: Download[] = [];
  beforeEach(() => {
    downloads.length = 0;
    let last: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      last = blob as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (last) downloads.push({ name: this.download, blob: last });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return downloads;
};

/** The downloaded text, BOM included (FileReader.readAsText would drop it). */
export const readBlob = (blob: Blob): Promise<string> =>
  new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
