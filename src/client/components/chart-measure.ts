import { type RefCallback, useCallback, useMemo, useState, useSyncExternalStore } from 'react';

/**
 * Chart text is this share of the page's root font size: 12 px on a desk (15 px root), larger
 * on a kiosk, whose root grows with the screen, so a wall display is read from across a room.
 */
export const chartFontScale = 0.8;

/** No text on a wall is smaller (px): read from 3 m (issue 27). */
const kioskLeastText = 18;

export interface ChartFont {
  /** The size of chart text in pixels. */
  px: number;
  /** A label's width in pixels at that size, as the browser will draw it. */
  measure: (text: string) => number;
}

/** The root font changes with kiosk mode (a class on <html>), the window's width and web fonts. */
function subscribe(onChange: () => void): () => void {
  const classes = new MutationObserver(onChange);
  classes.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  window.addEventListener('resize', onChange);
  document.fonts.addEventListener('loadingdone', onChange);
  return () => {
    classes.disconnect();
    window.removeEventListener('resize', onChange);
    document.fonts.removeEventListener('loadingdone', onChange);
  };
}

/** A string, so an unchanged font is an unchanged snapshot; web fonts loading make it new. */
function snapshot(): string {
  const root = getComputedStyle(document.documentElement);
  const least = document.documentElement.classList.contains('kiosk') ? kioskLeastText : 0;
  const px = Math.round(Math.max(least, parseFloat(root.fontSize) * chartFontScale) * 100) / 100;
  return `${px}px ${root.fontFamily}|${document.fonts.status}`;
}

let canvas: HTMLCanvasElement | undefined;

function measurer(font: string, px: number): (text: string) => number {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  const widths = new Map<string, number>();
  return (text) => {
    let width = widths.get(text);
    if (width === undefined) {
      if (context) {
        context.font = font;
        width = context.measureText(text).width;
      } else {
        // No canvas (a test DOM): a generous average glyph, so labels err apart, not together.
        width = text.length * px * 0.62;
      }
      widths.set(text, width);
    }
    return width;
  };
}

export function useChartFont(): ChartFont {
  const key = useSyncExternalStore(subscribe, snapshot);
  return useMemo(() => {
    const font = key.slice(0, key.lastIndexOf('|'));
    const px = parseFloat(font);
    return { px, measure: measurer(font, px) };
  }, [key]);
}

export interface Size {
  width: number;
  height: number;
}

/** An element's size in whole pixels, kept current as it changes; undefined until it mounts. */
export function useElementSize<T extends HTMLElement>(): [RefCallback<T>, Size | undefined] {
  const [size, setSize] = useState<Size>();
  const ref = useCallback((element: T | null) => {
    if (!element) return;
    const read = () => {
      const box = element.getBoundingClientRect();
      const next = { width: Math.floor(box.width), height: Math.floor(box.height) };
      setSize((current) =>
        current?.width === next.width && current.height === next.height ? current : next,
      );
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}
