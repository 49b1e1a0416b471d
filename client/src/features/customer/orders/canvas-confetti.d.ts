// canvas-confetti ships no types and @types/canvas-confetti is not installed: the part we use.
declare module 'canvas-confetti' {
  interface Options {
    particleCount?: number;
    angle?: number;
    spread?: number;
    startVelocity?: number;
    decay?: number;
    gravity?: number;
    ticks?: number;
    origin?: { x?: number; y?: number };
    colors?: string[];
    zIndex?: number;
    disableForReducedMotion?: boolean;
  }
  interface Confetti {
    (options?: Options): Promise<null> | null;
    reset(): void;
  }
  interface CreateOptions {
    resize?: boolean;
    useWorker?: boolean;
    disableForReducedMotion?: boolean;
  }
  interface ConfettiModule extends Confetti {
    /** With no canvas, draws on one of its own covering the page. */
    create(canvas: HTMLCanvasElement | null, options?: CreateOptions): Confetti;
  }
  const confetti: ConfettiModule;
  export default confetti;
}
