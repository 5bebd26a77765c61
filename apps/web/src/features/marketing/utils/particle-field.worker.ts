// Runs the hero's particle field in a worker, so its frames never take time
// from the page's main thread. The first message brings the canvas.
import { createParticleField, type ParticleFieldMessage } from './particle-field';

type WorkerMessage = { type: 'canvas'; canvas: OffscreenCanvas } | ParticleFieldMessage;

let field: ReturnType<typeof createParticleField> | undefined;

addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
  const message = event.data;
  if (message.type === 'canvas') field = createParticleField(message.canvas);
  else field?.handle(message);
});
