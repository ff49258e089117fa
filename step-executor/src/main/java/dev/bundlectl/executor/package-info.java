/**
 * Applies an InstallPlan to a cluster. The plan arrives as a
 * {@link dev.bundlectl.plan.planned.PlannedInstall}: every object already parsed and located, a
 * payload's run graph already built; nothing here parses a manifest or rebuilds an order. Words
 * used across the executor, one line each:
 * <ul>
 *   <li>{@link dev.bundlectl.executor.PlanApplier}: the entry point; starts one run of a plan.</li>
 *   <li>{@link dev.bundlectl.executor.RunningPlan}: the caller's handle on a started run (its result, created objects and requested deletions).</li>
 *   <li>{@link dev.bundlectl.executor.PlanRun}: one run's phases (preflight, schedule, final status), composed as futures.</li>
 *   <li>{@link dev.bundlectl.executor.StepSchedule}: the order steps start in; {@link dev.bundlectl.executor.BundleSchedule} for bundles, {@link dev.bundlectl.executor.PayloadSchedule} for release payloads.</li>
 *   <li>{@link dev.bundlectl.executor.StepStarter}: what a schedule may ask of its run (start a step, stop starting).</li>
 *   <li>{@link dev.bundlectl.executor.apply.StepApplier}: applies one step, given as a {@link dev.bundlectl.executor.apply.PreparedStep}.</li>
 *   <li>{@link dev.bundlectl.executor.apply.StepOutcome}: how a step ended, typed (applied or failed); code decides on it, never on the message text.</li>
 *   <li>{@link dev.bundlectl.executor.apply.DeleteResult}: what a delete step found (deletion requested, or already gone).</li>
 *   <li>{@link dev.bundlectl.executor.apply.RunEnvironment}: what every step of one run shares (context, API, settings, clock).</li>
 *   <li>{@link dev.bundlectl.executor.apply.ApplySettings}: how a plan is applied (concurrency, timeouts, retries, dry run).</li>
 *   <li>{@link dev.bundlectl.executor.StepEvent}: one change of a step's status, streamed to the caller.</li>
 *   <li>{@link dev.bundlectl.executor.GraphWalk}: walks a payload's run graph, a node starting once what it depends on succeeded.</li>
 *   <li>{@link dev.bundlectl.cluster.concurrency.BoundedConcurrency}: the one limit on async work in flight, used by both schedules and existing-object lookups.</li>
 * </ul>
 * Connecting to a cluster lives in {@code connect}, the asynchronous API in {@code kube}, the one
 * retry policy in {@code retry}, the limit on work in flight in {@code concurrency}; planning against
 * a live cluster (reading it once) in {@code planning}; the lock that keeps one operation at a time
 * per package and namespace in {@code lock}.
 */
package dev.bundlectl.executor;
