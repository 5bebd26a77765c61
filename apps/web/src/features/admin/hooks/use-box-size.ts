// The size of a box a chart draws into, kept up to date as the layout changes.
import { useLayoutEffect, useRef, useState } from 'react';

export function useBoxSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const read = () => {
      const { width, height } = box.getBoundingClientRect();
      setSize((last) =>
        last.width === width && last.height === height ? last : { width, height },
      );
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}
