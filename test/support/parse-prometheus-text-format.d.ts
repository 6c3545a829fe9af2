/** The devDependency ships no types: its result as prom2json writes it (gauges only here). */
declare module 'parse-prometheus-text-format' {
  interface Sample {
    value: string;
    labels?: Record<string, string>;
  }
  interface MetricFamily {
    name: string;
    help: string;
    type: string;
    metrics: Sample[];
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
