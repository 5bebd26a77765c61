// The hero's particle field: drifting dots joined by faint links, and links to
// the pointer within 140 px. It draws on a canvas it is handed, in a worker
// (an OffscreenCanvas) or, where that is missing, on the page's main thread;
// both drive it with the same messages.

// The spec's 80 particles, counted per 1920 x 1080 px as the density option of
// the library this replaced did, so a phone gets about ten and a wide screen
// the full field.
const particlesPerFullHd = 80;
const fullHdArea = 1920 * 1080;
const minFrameMs = 1000 / 60 - 1.5; // 60 fps at most; the slack absorbs frame jitter
const maxStepMs = 100; // after a pause the field resumes instead of jumping
const speedPxPerSecond = 30;
const linkDistance = 150;
const linkOpacity = 0.35;
const grabDistance = 140;
const grabOpacity = 0.8;
const dotOpacity = 0.6;
const linkColour = '#bfd3fe';

export type ParticleFieldMessage =
  | { type: 'resize'; width: number; height: number; ratio: number }
  | { type: 'pointer'; position: { x: number; y: number } | null }
  | { type: 'run'; running: boolean };

type Canvas = HTMLCanvasElement | OffscreenCanvas;
type Context = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
type Particle = { x: number; y: number; vx: number; vy: number; r: number };

const requestFrame: (callback: (now: number) => void) => number =
  typeof requestAnimationFrame === 'function'
    ? (callback) => requestAnimationFrame(callback)
    : (callback) => setTimeout(() => callback(performance.now()), 1000 / 60) as unknown as number;
const cancelFrame: (handle: number) => void =
  typeof cancelAnimationFrame === 'function'
    ? (handle) => cancelAnimationFrame(handle)
    : (handle) => clearTimeout(handle);

function createParticle(width: number, height: number): Particle {
  const angle = Math.random() * Math.PI * 2;
  return {
    x: Math.random() * width,
    y: Math.random() * height,
    vx: Math.cos(angle) * speedPxPerSecond,
    vy: Math.sin(angle) * speedPxPerSecond,
    r: 1 + Math.random() * 2,
  };
}

/** Moves a particle on, bouncing it off the edges. */
function moveParticle(p: Particle, seconds: number, width: number, height: number) {
  p.x += p.vx * seconds;
  p.y += p.vy * seconds;
  if (p.x < p.r) {
    p.x = p.r;
    p.vx = Math.abs(p.vx);
  } else if (p.x > width - p.r) {
    p.x = width - p.r;
    p.vx = -Math.abs(p.vx);
  }
  if (p.y < p.r) {
    p.y = p.r;
    p.vy = Math.abs(p.vy);
  } else if (p.y > height - p.r) {
    p.y = height - p.r;
    p.vy = -Math.abs(p.vy);
  }
}

function drawLine(ctx: Context, x1: number, y1: number, x2: number, y2: number) {
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.stroke();
}

function drawField(ctx: Context, particles: Particle[], pointer: { x: number; y: number } | null) {
  ctx.strokeStyle = linkColour;
  ctx.lineWidth = 1;
  for (let i = 0; i < particles.length; i += 1) {
    const a = particles[i]!;
    for (let j = i + 1; j < particles.length; j += 1) {
      const b = particles[j]!;
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (distance >= linkDistance) continue;
      ctx.globalAlpha = (1 - distance / linkDistance) * linkOpacity;
      drawLine(ctx, a.x, a.y, b.x, b.y);
    }
  }
  if (pointer) {
    for (const p of particles) {
      const distance = Math.hypot(p.x - pointer.x, p.y - pointer.y);
      if (distance >= grabDistance) continue;
      ctx.globalAlpha = (1 - distance / grabDistance) * grabOpacity;
      drawLine(ctx, pointer.x, pointer.y, p.x, p.y);
    }
  }
  ctx.globalAlpha = dotOpacity;
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  for (const p of particles) {
    ctx.moveTo(p.x + p.r, p.y);
    ctx.arc(p.x, p.y, p.r, 0, Math.PI * 2);
  }
  ctx.fill();
  ctx.globalAlpha = 1;
}

/** Starts a field on `canvas`, idle until it is sized and told to run. */
export function createParticleField(canvas: Canvas): {
  handle: (message: ParticleFieldMessage) => void;
} {
  const ctx = canvas.getContext('2d') as Context | null;
  let width = 0;
  let height = 0;
  let particles: Particle[] = [];
  let pointer: { x: number; y: number } | null = null;
  let running = false;
  let frame = 0;
  let last = 0;

  const draw = () => {
    if (!ctx) return;
    ctx.clearRect(0, 0, width, height);
    drawField(ctx, particles, pointer);
  };

  const tick = (now: number) => {
    frame = requestFrame(tick);
    if (last && now - last < minFrameMs) return;
    const seconds = last ? Math.min(now - last, maxStepMs) / 1000 : 0;
    last = now;
    for (const p of particles) moveParticle(p, seconds, width, height);
    draw();
  };

  const resize = (nextWidth: number, nextHeight: number, ratio: number) => {
    width = nextWidth;
    height = nextHeight;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    ctx?.setTransform(ratio, 0, 0, ratio, 0, 0);
    const count = Math.round((particlesPerFullHd * width * height) / fullHdArea);
    particles = particles.slice(0, count);
    for (const p of particles) moveParticle(p, 0, width, height);
    while (particles.length < count) particles.push(createParticle(width, height));
    draw();
  };

  return {
    handle(message) {
      switch (message.type) {
        case 'resize':
          resize(message.width, message.height, message.ratio);
          break;
        case 'pointer':
          pointer = message.position;
          break;
        case 'run':
          if (message.running === running) break;
          running = message.running;
          if (running) {
            last = 0;
            frame = requestFrame(tick);
          } else {
            cancelFrame(frame);
          }
          break;
      }
    },
  };
}
