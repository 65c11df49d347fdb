import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_GRID, SERIES_COLORS } from "./seriesColors";

interface BarsChartProps {
  /** One entry per category, in reading order; `values` per series. */
  data: { label: string; values: number[] }[];
  series: string[];
  /** Bars along the inline axis (categories down the side) instead of columns. */
  horizontal?: boolean;
  rtl: boolean;
  formatNumber: (value: number) => string;
}

/**
 * Bars or columns of one or two series, in the insights' series colours; time and categories
 * run in the reading direction (mirrored right to left), numbers as the viewer's language writes
 * them. Drawn only: the card's table carries the figures for assistive technology.
 */
export function BarsChart({ data, series, horizontal = false, rtl, formatNumber }: BarsChartProps) {
  const rows = data.map((entry) =>
    Object.fromEntries([
      ["label", entry.label],
      ...entry.values.map((value, index) => [`s${index}`, value]),
    ]),
  );
  const tick = { fill: "#374151", fontSize: 12 };
  return (
    <ResponsiveContainer width="100%" height="100%" minWidth={0}>
      <BarChart
        data={rows}
        layout={horizontal ? "vertical" : "horizontal"}
        margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={CHART_GRID} vertical={horizontal} horizontal={!horizontal} />
        {horizontal ? (
          <>
            <XAxis
              type="number"
              reversed={rtl}
              tickFormatter={formatNumber}
              tick={tick}
              allowDecimals={false}
            />
            <YAxis
              type="category"
              dataKey="label"
              orientation={rtl ? "right" : "left"}
              width={110}
              tick={tick}
              interval={0}
            />
          </>
        ) : (
          <>
            <XAxis dataKey="label" reversed={rtl} tick={tick} minTickGap={12} />
            <YAxis
              orientation={rtl ? "right" : "left"}
              tickFormatter={formatNumber}
              tick={tick}
              allowDecimals={false}
              width={44}
            />
          </>
        )}
        <Tooltip formatter={(value) => formatNumber(Number(value))} isAnimationActive={false} />
        {series.map((name, index) => (
          <Bar
            key={name}
            dataKey={`s${index}`}
            name={name}
            fill={SERIES_COLORS[index % SERIES_COLORS.length]}
            isAnimationActive={false}
            radius={2}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
