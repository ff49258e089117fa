/**
 * The install benchmark's parts: a synthetic bundle ({@link dev.bundlectl.bench.install.SyntheticBundle}),
 * a loopback proxy that delays every request ({@link dev.bundlectl.bench.install.DelayingProxy}), the
 * executor's critical-path floor ({@link dev.bundlectl.bench.install.CriticalPathFloor}), the strategies
 * compared ({@link dev.bundlectl.bench.install.InstallStrategy}), timed installs against a fresh mock
 * cluster ({@link dev.bundlectl.bench.install.InstallTrial}) and the report's table. The entry point is
 * {@link dev.bundlectl.bench.InstallLatencyReport}; see {@code bench/README.md}.
 */
package dev.bundlectl.bench.install;
