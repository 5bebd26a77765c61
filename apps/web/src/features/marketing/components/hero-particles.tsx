// The hero's particle field. Loaded on demand (it is the heaviest script on
// the home page) and never rendered under prefers-reduced-motion.
import { useEffect, useState } from 'react';
import Particles, { initParticlesEngine } from '@tsparticles/react';
import type { ISourceOptions } from '@tsparticles/engine';
import { loadSlim } from '@tsparticles/slim';

const options: ISourceOptions = {
  fullScreen: { enable: false },
  background: { color: { value: 'transparent' } },
  fpsLimit: 60,
  detectRetina: true,
  particles: {
    number: { value: 80, density: { enable: true } },
    color: { value: '#ffffff' },
    links: { enable: true, color: '#bfd3fe', distance: 150, opacity: 0.35, width: 1 },
    move: { enable: true, speed: 1, outModes: { default: 'bounce' } },
    opacity: { value: 0.6 },
    size: { value: { min: 1, max: 3 } },
    shape: { type: 'circle' },
  },
  interactivity: {
    detectsOn: 'window',
    events: { onHover: { enable: true, mode: 'grab' }, resize: { enable: true } },
    modes: { grab: { distance: 140, links: { opacity: 0.8 } } },
  },
};

let engineReady: Promise<void> | undefined;

export default function HeroParticles() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let active = true;
    engineReady ??= initParticlesEngine(async (engine) => {
      await loadSlim(engine);
    });
    void engineReady.then(() => {
      if (active) setReady(true);
    });
    return () => {
      active = false;
    };
  }, []);
  if (!ready) return null;
  return (
    <Particles id="hero-particles" className="absolute inset-0 h-full w-full" options={options} />
  );
}
