import { describe, expect, it } from 'vitest';
import { attachmentHeader, fileNameOf } from './attachment.ts';

describe('a download’s Content-Disposition', () => {
  it('gives the ASCII fallback and the Russian name in UTF-8, with RFC 5987’s own escapes', () => {
    const header = attachmentHeader('team-plan.xlsx', "План (SU'1).xlsx");
    expect(header).toBe(
      `attachment; filename="team-plan.xlsx"; filename*=UTF-8''%D0%9F%D0%BB%D0%B0%D0%BD%20%28SU%271%29.xlsx`,
    );
    const encoded = header.split("UTF-8''")[1];
    // Only RFC 5987's attr-char and %-escapes, and it decodes back to the name.
    expect(encoded).toMatch(/^[A-Za-z0-9!#$&+.^_`|~%-]+$/);
    expect(decodeURIComponent(encoded)).toBe("План (SU'1).xlsx");
  });

  it('keeps a line feed or a quote of the name out of the header', () => {
    const header = attachmentHeader('calc.xlsx', 'a"\r\nSet-Cookie: x=1');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.split('filename*=')[1]).not.toContain('"');
  });

  it('names the file with «_» for each character a file name may not hold, and keeps the rest', () => {
    expect(fileNameOf('График сменности 1/2\\3: "А"*?<б>|.xlsx')).toBe(
      'График сменности 1_2_3_ _А____б__.xlsx',
    );
    expect(fileNameOf('a\tb\u0000c\u007fd\u0085e')).toBe('a_b_c_d_e');
    expect(fileNameOf("План (SU'1) «А» – 03.06.2030.xlsx")).toBe("План (SU'1) «А» – 03.06.2030.xlsx");
    const header = attachmentHeader('calc.xlsx', 'Июнь: 1/2?.xlsx');
    expect(decodeURIComponent(header.split("UTF-8''")[1])).toBe('Июнь_ 1_2_.xlsx');
  });
});
