package dev.bundlectl.controller.reconcile;

/**
 * What the package's latest install record in the namespace says, as planning read it: which CSV
 * the last run installed and whether that run ended. A walk along a channel resumes from it
 * (docs/controller.md, "Following a channel"): a hop whose run ended is installed, one whose run
 * did not (the controller stopped half-way) is finished before anything else.
 *
 * @param csvName the CSV the run installed, or null
 * @param version that CSV's {@code spec.version}, or null
 * @param complete whether the run ended {@code Complete}
 */
public record RecordedInstall(String csvName, String version, boolean complete) {
}
