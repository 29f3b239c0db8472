// The npm package ships no types: the shape of its answer (prom2json's), as tests/request/metrics.test.ts reads it.
declare module "parse-prometheus-text-format" {
  export type PromSample = {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  };
  export type PromFamily = { name: string; help: string; type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED"; metrics: PromSample[] };
  export default function parsePrometheusTextFormat(text: string): PromFamily[];
}
