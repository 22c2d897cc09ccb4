/**
 * docs/prometheus-alerts.yml, the sample alerting rules of docs/deployment.md, is well formed:
 * every rule has its name, expression and summary, every expression parses with Prometheus's own
 * PromQL grammar (@prometheus-io/lezer-promql), and every series it reads is one the app's
 * /metrics declares (server/metrics.ts) or Prometheus itself makes (`up`).
 */
import { readFileSync } from "node:fs";
import { parser } from "@prometheus-io/lezer-promql";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

const rules = (
  parse(readFileSync(new URL("prometheus-alerts.yml", import.meta.url), "utf8")) as {
    groups: Array<{ name: string; rules: Rule[] }>;
  }
).groups.flatMap((group) => group.rules);

/** The series names server/metrics.ts declares, and the ones Prometheus adds itself. */
const servedSeries = new Set([
  "up",
  ...[
    ...readFileSync(new URL("../server/metrics.ts", import.meta.url), "utf8").matchAll(
      /(?:name: |outboxGauge\(\s*)"([a-z_]+)"/g,
    ),
  ].map((match) => match[1] as string),
]);

/** The metric names an expression selects, and whether the grammar found an error in it. */
function read(expr: string): { errors: number; series: string[] } {
  const tree = parser.parse(expr);
  let errors = 0;
  const series: string[] = [];
  tree.iterate({
    enter(node) {
      if (node.type.isError) errors++;
      if (node.name === "Identifier" && node.node.parent?.name === "VectorSelector") {
        series.push(expr.slice(node.from, node.to));
      }
    },
  });
  return { errors, series };
}

describe("the sample Prometheus alerting rules", () => {
  it("has rules, each named, with a severity and a summary", () => {
    expect(rules.length).toBeGreaterThanOrEqual(8);
    for (const rule of rules) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^Homes[A-Za-z]+$/);
      expect(rule.labels?.severity, rule.alert).toMatch(/^(page|ticket)$/);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
    }
  });

  it.each(rules.map((rule) => [rule.alert, rule.expr] as const))(
    "%s: its expression parses and reads only served series",
    (_alert, expr) => {
      const { errors, series } = read(expr);
      expect(errors, expr).toBe(0);
      expect(series.length, expr).toBeGreaterThan(0);
      expect(series.filter((name) => !servedSeries.has(name))).toEqual([]);
    },
  );

  it("notices a broken expression and a series the app does not serve", () => {
    expect(read("sum by (kind (outbox_failed)").errors).toBeGreaterThan(0);
    expect(servedSeries.has(read("outbox_unheard_of > 0").series[0] ?? "")).toBe(false);
  });

  it("watches every outbox kind's wait and resends, the database, Redis, the change feed and the jobs", () => {
    const watched = rules.flatMap((rule) => read(rule.expr).series);
    for (const name of [
      "outbox_oldest_pending_age_seconds",
      "outbox_failed",
      "outbox_resends_total",
      "database_up",
      "redis_up",
      "content_changes_listening",
      "job_last_run_success",
      "job_last_run_timestamp_seconds",
    ]) {
      expect(watched, name).toContain(name);
    }
  });
});
