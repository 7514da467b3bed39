/** The parser's output, as its README documents it (prom2json's shape): values stay text. */
declare module 'parse-prometheus-text-format' {
  export type ParsedSample = {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    quantiles?: Record<string, string>;
    count?: string;
    sum?: string;
  };
  export type ParsedFamily = { name: string; help: string; type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED'; metrics: ParsedSample[] };
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
