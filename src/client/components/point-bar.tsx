/** The props Recharts hands a bar's `shape`. */
export interface BarShapeProps {
  x?: number | string;
  y?: number | string;
  width?: number | string;
  height?: number | string;
  fill?: string;
}

/**
 * One period's bar, drawn even at zero height so every period is on the chart (and can be
 * counted there); the class names what it stands for.
 */
export function PointBar({
  x,
  y,
  width,
  height,
  fill,
  className,
}: BarShapeProps & { className: string }) {
  return (
    <rect
      className={className}
      x={Number(x)}
      y={Number(y)}
      width={Math.max(0, Number(width))}
      height={Math.max(0, Number(height))}
      fill={fill}
    />
  );
}
