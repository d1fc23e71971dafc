/**
 * The text fields of a multipart/form-data body (a browser's FormData), read without a library: the flight table's
 * `POST /race/get-tgos` takes `aids[]` so (spec 7). Every step is linear in the body: the head of each part is split
 * into lines and only the Content-Disposition line is read, so no pattern can backtrack over a hostile head.
 */
import { MESSAGES } from '../../shared/messages.ts';
import { BadRequestError } from './errors.ts';

/** `form-data; name="aids[]"` → 'aids[]'; a parameter named `name` only, not `filename`. */
function fieldName(disposition: string): string | undefined {
  for (const parameter of disposition.split(';')) {
    const at = parameter.indexOf('=');
    if (at < 0 || parameter.slice(0, at).trim().toLowerCase() !== 'name') continue;
    const value = parameter.slice(at + 1).trim();
    return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value;
  }
  return undefined;
}

/** True when a Content-Disposition value names a file (`filename=` or `filename*=`). */
function namesFile(disposition: string): boolean {
  return disposition.split(';').some((parameter) => /^filename\*?$/i.test(parameter.split('=')[0].trim()));
}

/**
 * The text fields of a multipart/form-data body as a query string, files left out.
 * Example: two parts `aids[]` = 1 and 2 → 'aids%5B%5D=1&aids%5B%5D=2'.
 */
export function multipartFields(contentType: string, body: string): string {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) throw new BadRequestError(MESSAGES.malformed, { body: ['Нет границы multipart'] });
  const fields = new URLSearchParams();
  for (const part of body.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const line = part
      .slice(0, split)
      .split('\r\n')
      .find((header) => header.slice(0, 20).toLowerCase() === 'content-disposition:');
    if (line === undefined) continue;
    const disposition = line.slice(20);
    const name = fieldName(disposition);
    if (name === undefined || namesFile(disposition)) continue;
    fields.append(name, part.slice(split + 4).replace(/\r\n$/, ''));
  }
  return fields.toString();
}
