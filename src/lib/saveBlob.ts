// Saves a downloaded blob under a file name: a temporary link is clicked, then the object URL is
// released after 40 s (spec 9), long enough for slow browsers to start the save.
export const BLOB_LINK_LIFETIME_MS = 40000;

export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), BLOB_LINK_LIFETIME_MS);
}
