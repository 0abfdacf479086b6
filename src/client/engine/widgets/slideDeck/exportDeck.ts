/**
 * A deck as a file, from the slides as the viewer shows them: each slide element becomes an image
 * (html-to-image: SVG foreignObject, so charts, grids and tiles come out as drawn), one page or
 * slide each. The libraries load on first export only. Chromium's print is not in this path.
 */
async function slideImages(slides: HTMLElement[]): Promise<{ png: string; width: number; height: number }[]> {
  const { toPng } = await import('html-to-image');
  const out = [];
  for (const el of slides) {
    const png = await toPng(el, { backgroundColor: '#ffffff', pixelRatio: 2, cacheBust: false });
    out.push({ png, width: el.offsetWidth, height: el.offsetHeight });
  }
  return out;
}

const fileName = (name: string, ext: string) => `${name.replace(/[^\w.-]+/g, '-') || 'slides'}.${ext}`;

/** A landscape A4-ratio PDF, one slide a page, each slide scaled to fit and centred. */
export async function exportDeckPdf(name: string, slides: HTMLElement[]): Promise<void> {
  const [{ jsPDF }, images] = await Promise.all([import('jspdf'), slideImages(slides)]);
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4', compress: true });
  const pageW = doc.internal.pageSize.getWidth();
  const pageH = doc.internal.pageSize.getHeight();
  const margin = 24;
  images.forEach((img, i) => {
    if (i > 0) doc.addPage();
    const scale = Math.min((pageW - 2 * margin) / img.width, (pageH - 2 * margin) / img.height);
    const w = img.width * scale;
    const h = img.height * scale;
    doc.addImage(img.png, 'PNG', (pageW - w) / 2, (pageH - h) / 2, w, h);
  });
  doc.setProperties({ title: name, creator: 'Shelfscope' });
  doc.save(fileName(name, 'pdf'));
}

/** A 16:9 PowerPoint deck (pptxgenjs), one picture slide per slide. */
export async function exportDeckPptx(name: string, slides: HTMLElement[]): Promise<void> {
  const [{ default: PptxGenJS }, images] = await Promise.all([import('pptxgenjs'), slideImages(slides)]);
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE'; // 13.33 x 7.5 in
  pptx.title = name;
  const [pageW, pageH, margin] = [13.33, 7.5, 0.3];
  for (const img of images) {
    const scale = Math.min((pageW - 2 * margin) / img.width, (pageH - 2 * margin) / img.height);
    const w = img.width * scale;
    const h = img.height * scale;
    pptx.addSlide().addImage({ data: img.png, x: (pageW - w) / 2, y: (pageH - h) / 2, w, h });
  }
  await pptx.writeFile({ fileName: fileName(name, 'pptx') });
}

/** The deck's own file (import takes it back). */
export function exportDeckFile(name: string, body: unknown): void {
  const blob = new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName(name, 'slides.json');
  a.click();
  URL.revokeObjectURL(url);
}
