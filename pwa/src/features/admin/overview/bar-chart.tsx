import dayjs from 'dayjs';
import { useId } from 'react';
import { bars, niceMax } from './chart-scale';
import type { OverviewDay } from './overview-types';

type BarChartProps = { title: string; days: readonly OverviewDay[]; value: (day: OverviewDay) => number; format: (value: number) => string };

const WIDTH = 600;
const HEIGHT = 160;
const LEFT = 56;
const BOTTOM = 24;

/** A plain SVG bar chart of one figure per day; a hidden table gives screen readers the numbers. */
export function BarChart({ title, days, value, format }: BarChartProps) {
  const titleId = useId();
  const values = days.map(value);
  const max = niceMax(Math.max(0, ...values));
  const shapes = bars(values, WIDTH - LEFT, HEIGHT, max);
  const label = (date: string) => dayjs(date).format('MMM D');
  return (
    <figure className="card chart">
      <figcaption id={titleId} className="chart-title">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + BOTTOM}`} role="img" aria-labelledby={titleId} className="chart-svg">
        <line x1={LEFT} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="chart-axis" />
        <text x={LEFT - 6} y={10} textAnchor="end" className="chart-label">
          {format(max)}
        </text>
        <text x={LEFT - 6} y={HEIGHT} textAnchor="end" className="chart-label">
          {format(0)}
        </text>
        {shapes.map((bar, index) => {
          const day = days[index];
          if (!day) return null;
          return (
            <rect key={day.date} x={LEFT + bar.x} y={bar.y} width={bar.width} height={bar.height} className="chart-bar">
              <title>{`${label(day.date)}: ${format(values[index] ?? 0)}`}</title>
            </rect>
          );
        })}
        {days.map((day, index) => {
          // A label a week, and the last day's, ending at its bar so it stays inside the chart.
          const last = index === days.length - 1;
          if (!last && (index % 7 !== 0 || index >= days.length - 3)) return null;
          const bar = shapes[index];
          const x = LEFT + (bar ? bar.x + (last ? bar.width : 0) : 0);
          return (
            <text key={day.date} x={x} y={HEIGHT + 16} textAnchor={last ? 'end' : 'start'} className="chart-label">
              {label(day.date)}
            </text>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <tbody>
          {days.map((day, index) => (
            <tr key={day.date}>
              <th scope="row">{label(day.date)}</th>
              <td>{format(values[index] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
