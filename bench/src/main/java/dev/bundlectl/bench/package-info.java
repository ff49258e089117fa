/**
 * JMH benchmarks of bundlectl's planning pipeline over the shared dev corpus: planning every
 * bundle ({@code bundlectl plan -o yaml}), only reading them, and only parsing their YAML as the
 * baseline; plus {@link dev.bundlectl.bench.PlanThroughputReport}, which turns the scores into
 * bundles/s, MB/s, allocation per pass and the plan / parse-only ratio; and
 * {@link dev.bundlectl.bench.InstallLatencyReport}, the install benchmark against a server that adds
 * latency to every request. Built by every {@code ./mvnw verify}, run only by hand: see
 * {@code bench/README.md}.
 */
package dev.bundlectl.bench;
