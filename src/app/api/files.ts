/** Files the server answers: their name, and saving them in the browser. */

/**
 * The file name of a `Content-Disposition` header, the UTF-8 form first:
 * `fileNameOf("attachment; filename*=UTF-8''%D0%A4.xlsx")` is 'Ф.xlsx'.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (utf) {
    try {
      return decodeURIComponent(utf[1].trim());
    } catch {
      return fallback;
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/** Saves a downloaded file in the browser under its name (a temporary link to the blob). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
