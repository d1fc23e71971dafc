/**
 * The Content-Disposition of a download (RFC 6266): an ASCII fallback name for old clients and the real, Russian
 * name as RFC 5987's `filename*`. `encodeURIComponent` leaves ' ( ) * as they are, which `filename*` may not hold
 * (its attr-char), so they are escaped too; the fallback is the caller's (dates, ids: nothing to escape).
 * Example: `attachmentHeader('team-plan.xlsx', "План (SU'1).xlsx")` →
 * `attachment; filename="team-plan.xlsx"; filename*=UTF-8''%D0%9F%D0%BB%D0%B0%D0%BD%20%28SU%271%29.xlsx`.
 */
export function attachmentHeader(fallback: string, name: string): string {
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
