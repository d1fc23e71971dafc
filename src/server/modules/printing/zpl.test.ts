import { describe, expect, it } from 'vitest';
import type { TagLayout } from './render.ts';
import { licencePlate, type TagPage, tagDate } from './tagPage.ts';
import { tagZpl } from './zpl.ts';

const LAYOUT: TagLayout = {
  widthMm: 54,
  lengthMm: 470,
  barcodeHeightMm: 20,
  moduleTenthMm: 4,
  faceIn: false,
};
const PAGE: TagPage = {
  digits: '2555000042',
  plate: 'SU 000042',
  destination: 'LED',
  legs: [{ airport: 'LED', flight: 'SU 26', date: '24NOV' }],
  passenger: 'Петров^Пётр',
};

describe('the words of a tag', () => {
  it('prints dates as day and English month', () => {
    expect(tagDate('2026-11-03')).toBe('03NOV');
    expect(tagDate('2027-01-31')).toBe('31JAN');
  });

  it('shows the two-letter carrier code with the serial, or the three digits when the carrier has none', () => {
    expect(licencePlate('2555000042', 'SU')).toBe('SU 000042');
    expect(licencePlate('2555000042', null)).toBe('555 000042');
  });
});

describe('the ZPL label of a tag', () => {
  it('sizes the label at 8 dots per mm and prints face out upright', () => {
    const zpl = tagZpl(PAGE, 1, LAYOUT);
    expect(zpl.startsWith('^XA\n^CI28\n^PW432\n^LL3760\n^PON\n')).toBe(true);
    expect(zpl.endsWith('^PQ1\n^XZ')).toBe(true);
  });

  it('turns a face-in label by 180° and repeats it as many times as copies', () => {
    const zpl = tagZpl(PAGE, 3, { ...LAYOUT, faceIn: true });
    expect(zpl).toContain('^POI');
    expect(zpl).toContain('^PQ3');
  });

  it('draws two Interleaved 2 of 5 barcodes of the ten digits with 3-dot bars, ratio 2.5, 20 mm tall, and the stub’s third', () => {
    const zpl = tagZpl(PAGE, 1, LAYOUT);
    expect(zpl.match(/\^BY3,2\.5,160\^B2N,160,Y,N,N\^FD2555000042\^FS/g)).toHaveLength(3);
    expect(zpl).toContain('^FDSU 000042^FS');
  });

  it('ends a long stock with the tear-off stub 80 mm from its end, as the PDF does: dashes, RUSH, plate, destination', () => {
    const zpl = tagZpl(PAGE, 1, LAYOUT);
    const stub = (470 - 80) * 8;
    expect(zpl).toContain(`^FO16,${stub}^GB32,2,2^FS`);
    expect(zpl).toContain(`^FO24,${stub + 40}^A0N,40,40^FB384,1,0,C^FDRUSH^FS`);
    expect(zpl.match(/\^FDSU 000042\^FS/g)).toHaveLength(2);
    expect(zpl.match(/\^FDLED\^FS/g)?.length).toBeGreaterThanOrEqual(3);
    // A stock too short for it has none.
    const short = tagZpl(PAGE, 1, { ...LAYOUT, lengthMm: 250 });
    expect(short).not.toContain('^GB32,2,2');
    expect(short.match(/\^B2N/g)).toHaveLength(2);
  });

  it('keeps ZPL command characters out of the printed text', () => {
    expect(tagZpl(PAGE, 1, LAYOUT)).toContain('^FDПетров Пётр^FS');
  });
});
