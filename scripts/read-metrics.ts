import parsePrometheusTextFormat, { type ParsedFamily, type ParsedSample } from 'parse-prometheus-text-format';

const matches = (sample: ParsedSample, labels: Record<string, string>) => Object.entries(labels).every(([name, value]) => sample.labels?.[name] === value);

/**
 * A scrape of GET /metrics, parsed by a maintained parser of the Prometheus text format (prom-client has
 * none), read by name and labels: the integration tests and the bench read the server's figures with it.
 */
export class Scrape {
  private readonly families: Map<string, ParsedFamily>;

  /**
   * NOTE: the parser folds a histogram's series into one set of buckets and drops the `_sum` and `_count` of
   * labelled series; with its TYPE line read as untyped, `_bucket`, `_sum` and `_count` are families of their
   * own, whose samples keep their labels.
   */
  constructor(readonly text: string) {
    const histogramsApart = text.replace(/^# TYPE (\S+) histogram$/gm, '# TYPE $1 untyped');
    this.families = new Map();
    // prom-client writes a histogram series by series, so one name comes back as several families, in turns.
    for (const family of parsePrometheusTextFormat(histogramsApart)) {
      const known = this.families.get(family.name);
      if (known) known.metrics.push(...family.metrics);
      else this.families.set(family.name, family);
    }
  }

  names(): string[] {
    return [...this.families.keys()];
  }

  family(name: string): ParsedFamily | undefined {
    return this.families.get(name);
  }

  /** The samples of `name` whose labels include `labels` (of a histogram: its `_count` series). */
  samples(name: string, labels: Record<string, string> = {}): ParsedSample[] {
    const own = this.families.get(name)?.metrics ?? [];
    const found = own.length > 0 ? own : (this.families.get(`${name}_count`)?.metrics ?? []);
    return found.filter((sample) => matches(sample, labels));
  }

  /** The sum of the matching samples' values (of a histogram: its counts); 0 when none matches. */
  value(name: string, labels: Record<string, string> = {}): number {
    return this.samples(name, labels).reduce((sum, sample) => sum + Number(sample.value ?? 0), 0);
  }

  /** The sum of a histogram's matching series' sums. */
  sum(name: string, labels: Record<string, string> = {}): number {
    return this.samples(`${name}_sum`, labels).reduce((total, sample) => total + Number(sample.value ?? 0), 0);
  }

  /** Every value the label `label` takes in `name`. */
  labelValues(name: string, label: string): string[] {
    return [...new Set(this.samples(name).flatMap((sample) => sample.labels?.[label] ?? []))];
  }
}

/** GET `url` (a server's /metrics), with the bearer token when given, parsed. */
export async function scrapeMetrics(url: string, token?: string): Promise<Scrape> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return new Scrape(await res.text());
}
