/**
 * The one order in which bundlectl installs a bundle, for the command line and the controller
 * alike ({@link dev.bundlectl.executor.pipeline.InstallPipeline}): plan against the cluster, decide
 * the upgrade, then (after the caller's own checks, such as an approval) judge the lock and the
 * verdict, preflight, take the lock, apply, record, and wait until the new version runs. Each stage
 * ends in a sealed outcome ({@link dev.bundlectl.executor.pipeline.PipelinePlan},
 * {@link dev.bundlectl.executor.pipeline.PipelineOutcome}) that the driver words for its own
 * audience; the pipeline prints nothing and knows no command line.
 */
package dev.bundlectl.executor.pipeline;
