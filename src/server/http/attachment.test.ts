import { describe, expect, it } from 'vitest';
import { attachmentHeader } from './attachment.ts';

describe('a download’s Content-Disposition', () => {
  it('gives the ASCII fallback and the Russian name in UTF-8, with RFC 5987’s own escapes', () => {
    const header = attachmentHeader('team-plan.xlsx', "План (SU'1)*.xlsx");
    expect(header).toBe(
      `attachment; filename="team-plan.xlsx"; filename*=UTF-8''%D0%9F%D0%BB%D0%B0%D0%BD%20%28SU%271%29%2A.xlsx`,
    );
    const encoded = header.split("UTF-8''")[1];
    // Only RFC 5987's attr-char and %-escapes, and it decodes back to the name.
    expect(encoded).toMatch(/^[A-Za-z0-9!#$&+.^_`|~%-]+$/);
    expect(decodeURIComponent(encoded)).toBe("План (SU'1)*.xlsx");
  });

  it('keeps a line feed or a quote of the name out of the header', () => {
    const header = attachmentHeader('calc.xlsx', 'a"\r\nSet-Cookie: x=1');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.split('filename*=')[1]).not.toContain('"');
  });
});
