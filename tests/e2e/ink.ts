import type { Locator, Page } from '@playwright/test';

/**
 * The box of the pixels darker than `below` (the sum of red, green and blue) in a PNG, decoded by the page (no image
 * package needed); -1 edges when there are none.
 */
async function inkBox(
  page: Page,
  png: Buffer,
  below: number,
): Promise<{ left: number; right: number; top: number; bottom: number }> {
  return page.evaluate(
    async ([data, limit]) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D context');
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let [left, right, top, bottom] = [-1, -1, -1, -1];
      for (let y = 0; y < canvas.height; y += 1)
        for (let x = 0; x < canvas.width; x += 1) {
          const at = (y * canvas.width + x) * 4;
          if (pixels[at] + pixels[at + 1] + pixels[at + 2] >= limit) continue;
          left = left < 0 ? x : Math.min(left, x);
          right = Math.max(right, x);
          if (top < 0) top = y;
          bottom = y;
        }
      return { left, right, top, bottom };
    },
    [png.toString('base64'), below] as const,
  );
}

/** The first and last pixel rows holding dark ink in a PNG. */
async function inkRows(page: Page, png: Buffer): Promise<{ top: number; bottom: number }> {
  const { top, bottom } = await inkBox(page, png, 384);
  return { top, bottom };
}

/** Width and height in px of what an element draws (not near-white) in its screenshot; 0 when nothing. */
export async function drawnSize(page: Page, element: Locator): Promise<{ width: number; height: number }> {
  const { left, right, top, bottom } = await inkBox(page, await element.screenshot(), 600);
  return left < 0 ? { width: 0, height: 0 } : { width: right - left + 1, height: bottom - top + 1 };
}

/**
 * The first and last rows of ink of one grid cell drawn by the grid's canvas text layer, then by the document (the
 * canvas hidden for the second screenshot, then shown again): equal when the canvas draws on the document's baseline.
 */
export async function inkOfCell(page: Page, table: Locator, cell: Locator) {
  const canvas = table.locator('canvas.w-grid__text');
  const drawn = await inkRows(page, await cell.screenshot());
  await canvas.evaluate((element) => element.classList.remove('is-drawing'));
  const laidOut = await inkRows(page, await cell.screenshot());
  await canvas.evaluate((element) => element.classList.add('is-drawing'));
  return { drawn, laidOut };
}
