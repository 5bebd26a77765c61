// The hero's particle field. Loaded on demand and never shown under reduced
// motion (see ParticleBackground). It draws in a worker where the browser can
// hand a canvas to one, so its frames never compete with the page for the
// main thread; elsewhere it draws on the main thread. Decision 011.
import { useEffect, useRef } from 'react';
import { createParticleField, type ParticleFieldMessage } from '../utils/particle-field';

type FieldConnection = { send: (message: ParticleFieldMessage) => void; close: () => void };

function startWorker(): Worker | null {
  try {
    return new Worker(new URL('../utils/particle-field.worker.ts', import.meta.url), {
      type: 'module',
    });
  } catch {
    return null; // the page may not start workers: draw on the main thread instead
  }
}

function connectField(canvas: HTMLCanvasElement): FieldConnection {
  const worker = typeof canvas.transferControlToOffscreen === 'function' ? startWorker() : null;
  if (worker) {
    const offscreen = canvas.transferControlToOffscreen();
    worker.postMessage({ type: 'canvas', canvas: offscreen }, [offscreen]);
    return { send: (message) => worker.postMessage(message), close: () => worker.terminate() };
  }
  const field = createParticleField(canvas);
  return { send: field.handle, close: () => field.handle({ type: 'run', running: false }) };
}

export default function HeroParticles() {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    // A fresh canvas per mount: a canvas can be handed to a worker only once.
    const canvas = document.createElement('canvas');
    canvas.className = 'absolute inset-0 h-full w-full opacity-0 transition-opacity duration-700';
    container.append(canvas);
    const field = connectField(canvas);

    const measure = () =>
      field.send({
        type: 'resize',
        width: canvas.clientWidth,
        height: canvas.clientHeight,
        ratio: Math.min(window.devicePixelRatio || 1, 2),
      });
    let onScreen = false;
    const updateRunning = () =>
      field.send({ type: 'run', running: onScreen && document.visibilityState === 'visible' });
    const onPointerMove = (event: PointerEvent) => {
      const rect = canvas.getBoundingClientRect();
      field.send({
        type: 'pointer',
        position: { x: event.clientX - rect.left, y: event.clientY - rect.top },
      });
    };
    const onPointerGone = (event: PointerEvent) => {
      if (event.type === 'pointerleave' || event.pointerType !== 'mouse') {
        field.send({ type: 'pointer', position: null });
      }
    };

    measure();
    const resizeObserver = new ResizeObserver(measure);
    resizeObserver.observe(canvas);
    // Animate only while the hero is on screen and the tab is visible.
    const visibility = new IntersectionObserver(([entry]) => {
      onScreen = entry?.isIntersecting ?? false;
      updateRunning();
    });
    visibility.observe(canvas);
    document.addEventListener('visibilitychange', updateRunning);
    window.addEventListener('pointermove', onPointerMove, { passive: true });
    window.addEventListener('pointerup', onPointerGone, { passive: true });
    window.addEventListener('pointercancel', onPointerGone, { passive: true });
    document.documentElement.addEventListener('pointerleave', onPointerGone);
    const fadeIn = requestAnimationFrame(() => {
      canvas.classList.replace('opacity-0', 'opacity-100');
    });

    return () => {
      cancelAnimationFrame(fadeIn);
      resizeObserver.disconnect();
      visibility.disconnect();
      document.removeEventListener('visibilitychange', updateRunning);
      window.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('pointerup', onPointerGone);
      window.removeEventListener('pointercancel', onPointerGone);
      document.documentElement.removeEventListener('pointerleave', onPointerGone);
      field.close();
      canvas.remove();
    };
  }, []);

  return <div ref={containerRef} className="absolute inset-0" />;
}
