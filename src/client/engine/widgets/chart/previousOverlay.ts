import { previousField } from '../../../../shared/compareFields.js';

type Spec = Record<string, unknown>;
type Encoding = Record<string, Record<string, unknown> | undefined>;

export const PREVIOUS_LABEL = 'Previous period';
const DASH = [6, 4];
const GREY = '#8a94a6';

/**
 * A chart's spec with the comparison period layered over it as a dashed line: the same marks
 * and encodings reading `<measure>__previous` (the server shifted those points onto the current
 * dates), with a "Previous period" legend entry. A fold of measures folds their previous fields
 * instead and names them back, so the colours and labels match the current lines. Specs that
 * are already layered, or read no measure, are left as they are.
 */
export function overlayPrevious(spec: Spec, measures: readonly string[], label = PREVIOUS_LABEL): Spec {
  if (spec.layer !== undefined || spec.mark === undefined) return spec;
  const { mark, encoding, transform, ...top } = spec as Spec & { encoding?: Encoding };
  const enc: Encoding = encoding ?? {};
  const transforms = Array.isArray(transform) ? (transform as Spec[]) : [];
  const foldAt = transforms.findIndex(
    (t) => Array.isArray(t.fold) && (t.fold as unknown[]).every((f) => measures.includes(f as string)),
  );
  let before: Spec[];
  let y = enc.y;
  if (foldAt >= 0) {
    const fold = transforms[foldAt]!;
    const as = Array.isArray(fold.as) && typeof fold.as[0] === 'string' ? fold.as[0] : 'key';
    before = [
      ...transforms.slice(0, foldAt),
      { ...fold, fold: (fold.fold as string[]).map(previousField) },
      { calculate: `replace(datum[${JSON.stringify(as)}], '__previous', '')`, as },
      ...transforms.slice(foldAt + 1),
    ];
  } else {
    const field = y?.field;
    if (typeof field !== 'string' || !measures.includes(field)) return spec;
    before = transforms;
    y = { ...y, field: previousField(field) };
  }
  const { x, ...rest } = enc;
  const markObject = typeof mark === 'string' ? { type: mark } : (mark as Spec);
  // One series: a grey dashed line beside the coloured one; several keep their colours, dashed.
  const previousMark = { ...markObject, point: false, opacity: 0.8, ...(rest.color ? {} : { color: GREY }) };
  return {
    ...top,
    ...(x ? { encoding: { x } } : {}),
    layer: [
      { ...(transforms.length ? { transform: transforms } : {}), mark, encoding: rest },
      {
        ...(before.length ? { transform: before } : {}),
        mark: previousMark,
        encoding: {
          ...rest,
          y,
          strokeDash: { datum: label, scale: { range: [DASH] }, legend: { title: null } },
        },
      },
    ],
  };
}
