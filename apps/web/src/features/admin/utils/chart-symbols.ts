// The point marks of the timeline, as SVG paths around (0, 0), each covering
// `area` square pixels: the shapes and sizes d3-shape (and so recharts) drew.
export type SymbolShape = 'circle' | 'square' | 'star' | 'triangle' | 'diamond';

const round = (n: number) => Math.round(n * 1000) / 1000;
const path = (points: [number, number][]) =>
  `M${points.map(([x, y]) => `${round(x)},${round(y)}`).join('L')}Z`;

export function symbolPath(shape: SymbolShape, area = 64): string {
  switch (shape) {
    case 'circle': {
      const r = Math.sqrt(area / Math.PI);
      return `M${round(r)},0A${round(r)},${round(r)},0,1,1,${round(-r)},0A${round(r)},${round(r)},0,1,1,${round(r)},0Z`;
    }
    case 'square': {
      const h = Math.sqrt(area) / 2;
      return path([
        [-h, -h],
        [h, -h],
        [h, h],
        [-h, h],
      ]);
    }
    case 'triangle': {
      const sqrt3 = Math.sqrt(3);
      const y = -Math.sqrt(area / (sqrt3 * 3));
      return path([
        [0, y * 2],
        [-sqrt3 * y, -y],
        [sqrt3 * y, -y],
      ]);
    }
    case 'diamond': {
      const tan30 = Math.sqrt(1 / 3);
      const y = Math.sqrt(area / (tan30 * 2));
      const x = y * tan30;
      return path([
        [0, -y],
        [x, 0],
        [0, y],
        [-x, 0],
      ]);
    }
    case 'star': {
      const ka = 0.8908130915292852;
      const kr = Math.sin(Math.PI / 10) / Math.sin((7 * Math.PI) / 10);
      const kx = Math.sin((2 * Math.PI) / 10) * kr;
      const ky = -Math.cos((2 * Math.PI) / 10) * kr;
      const r = Math.sqrt(area * ka);
      const x = kx * r;
      const y = ky * r;
      const points: [number, number][] = [
        [0, -r],
        [x, y],
      ];
      for (let i = 1; i < 5; i += 1) {
        const a = (2 * Math.PI * i) / 5;
        const c = Math.cos(a);
        const s = Math.sin(a);
        points.push([s * r, -c * r], [c * x - s * y, s * x + c * y]);
      }
      return path(points);
    }
  }
}
