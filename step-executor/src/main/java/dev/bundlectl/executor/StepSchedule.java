package dev.bundlectl.executor;

import io.vertx.core.Future;

/**
 * The order in which a plan's steps run. A bundle's CSV and CRDs come first
 * ({@link BundleSchedule}); a release payload follows its run graph
 * ({@link PayloadSchedule}).
 */
sealed interface StepSchedule permits BundleSchedule, PayloadSchedule {

    /** Runs the steps; completes when every started step has finished. Never fails for a step's sake. */
    Future<Void> run();
}
