/**
 * A download's name as a file may be named on Windows, macOS and Linux: the characters Windows refuses in a file name
 * (`/ \ : * ? " < > |`) and control characters (a line break of an old calculation's name, C1 controls) become «_».
 * Example: `fileNameOf('График сменности 1/2: «А»?.xlsx')` → 'График сменности 1_2_ «А»_.xlsx'.
 */
export function fileNameOf(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced.
  return name.replace(/[/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/g, '_');
}

/**
 * The Content-Disposition of a download (RFC 6266): an ASCII fallback name for old clients and the real, Russian
 * name as RFC 5987's `filename*`, cleaned by `fileNameOf` (the name may come from a user's calculation). Then
 * `encodeURIComponent` leaves ' ( ) as they are, which `filename*` may not hold (its attr-char), so they are escaped
 * too; the fallback is the caller's (dates, ids: nothing to escape).
 * Example: `attachmentHeader('team-plan.xlsx', "План (SU'1).xlsx")` →
 * `attachment; filename="team-plan.xlsx"; filename*=UTF-8''%D0%9F%D0%BB%D0%B0%D0%BD%20%28SU%271%29.xlsx`.
 */
export function attachmentHeader(fallback: string, name: string): string {
  const encoded = encodeURIComponent(fileNameOf(name)).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
