import { describe, expect, it } from 'vitest';
import { placeDotImage } from './place-dot';

describe('the place dot', () => {
  it('is an opaque disc of the given colour with transparent corners', () => {
    const { image, options } = placeDotImage('#c9d6dc');
    const pixel = (x: number, y: number) => [
      ...image.data.slice((y * image.width + x) * 4, (y * image.width + x) * 4 + 4),
    ];
    const middle = image.width / 2;
    expect(pixel(middle, middle)).toEqual([0xc9, 0xd6, 0xdc, 255]);
    expect(pixel(0, 0)[3]).toBe(0);
    expect(image.data).toHaveLength(image.width * image.height * 4);
    // Drawn at twice the size it shows, so it stays round on a sharp screen.
    expect(options.pixelRatio).toBe(2);
  });
});
