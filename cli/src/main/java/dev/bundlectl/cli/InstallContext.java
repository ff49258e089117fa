package dev.bundlectl.cli;

import dev.bundlectl.executor.pipeline.InstallPipeline;
import java.io.PrintWriter;

/**
 * What every way of {@code install} works from: the input's options, the parsed install flags, where
 * diagnostics are reported, and the command's two streams.
 *
 * @param input the bundle, payload or catalog input and its planning options
 * @param flags how the plan is installed and shown
 * @param diagnostics where the input's diagnostics go (invalid input stops there, exit 2)
 * @param out the plan, tables and step progress
 * @param err notes, warnings and errors
 */
record InstallContext(PlanInputOptions input, InstallFlags flags, DiagnosticsPrinter diagnostics, PrintWriter out,
        PrintWriter err) {

    /** Planning against the cluster {@code pipeline} reaches, as install plans. */
    Planning livePlanning(InstallPipeline pipeline) {
        return new Planning(diagnostics, new Planning.Live(pipeline, err, flags.discoveryPatience()));
    }

    /** Each plan's install through {@code pipeline}, printed on this command's streams. */
    PlanInstall installs(InstallPipeline pipeline) {
        return new PlanInstall(pipeline, flags, out, err);
    }
}
