import type { Locator, Page } from '@playwright/test';

/** The first and last pixel rows holding dark ink in a PNG (decoded by the page: no image package needed). */
async function inkRows(page: Page, png: Buffer): Promise<{ top: number; bottom: number }> {
  return page.evaluate(async (data) => {
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
    let top = -1;
    let bottom = -1;
    for (let y = 0; y < canvas.height; y += 1) {
      for (let x = 0; x < canvas.width; x += 1) {
        const at = (y * canvas.width + x) * 4;
        if (pixels[at] + pixels[at + 1] + pixels[at + 2] < 384) {
          if (top < 0) top = y;
          bottom = y;
          break;
        }
      }
    }
    return { top, bottom };
  }, png.toString('base64'));
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
