import type { FastifyInstance } from 'fastify';

const PALETTE = ['#2f6fed', '#16a34a', '#dc2626', '#f59e0b', '#7c3aed', '#0891b2', '#db2777', '#4b5563'];

/** A pack shot drawn from the product id alone: the demo catalogue's thumbnails, no outside host. */
export function demoPackSvg(productId: number): string {
  const colour = PALETTE[productId % PALETTE.length]!;
  const label = `#${productId}`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
    '<rect width="64" height="64" rx="8" fill="#f4f6fa"/>',
    `<rect x="18" y="8" width="28" height="48" rx="5" fill="${colour}"/>`,
    '<rect x="22" y="18" width="20" height="14" rx="2" fill="#ffffff" opacity="0.85"/>',
    `<text x="32" y="46" font-family="Arial,sans-serif" font-size="8" fill="#ffffff" text-anchor="middle">${label}</text>`,
    '</svg>',
  ].join('');
}

const imageSchema = {
  params: {
    type: 'object',
    required: ['file'],
    properties: { file: { type: 'string', description: '<product id>.svg' } },
  },
  response: {
    200: { description: 'SVG pack shot', content: { 'image/svg+xml': { schema: { type: 'string' } } } },
  },
};

/** Serves /demo-images/p/{id}.svg, the image_url the demo generator writes for each product. */
export function registerDemoImages(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>(
    '/demo-images/p/:file',
    { schema: imageSchema },
    async (request, reply) => {
      const match = /^(\d{1,9})\.svg$/.exec(request.params.file);
      if (!match) return reply.status(404).send({ statusCode: 0, msg: 'page not found' });
      await Promise.resolve();
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=86400')
        .send(demoPackSvg(Number(match[1])));
    },
  );
}
