package dev.bundlectl.cli;

import dev.bundlectl.executor.access.AccessReview;
import dev.bundlectl.executor.access.ForbiddenReads;
import dev.bundlectl.executor.access.MissingAccess;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.executor.waiting.Blocking;
import java.io.PrintWriter;

/**
 * A command whose reading of the cluster was refused with 403 (the install records, OLM's
 * OperatorGroups): the identity's missing rights among everything the operation reads and keeps,
 * asked of the API server and listed at once, exit 3, nothing written. Any other failure is thrown
 * again, as it was.
 */
final class ForbiddenPlanning {

    private ForbiddenPlanning() {
    }

    /**
     * Reports {@code failure} when a 403 caused it, and answers the exit code; throws it otherwise.
     *
     * @param packageName the package to install
     * @param hasDependencies whether the bundle declares dependencies (planning then reads CSVs)
     */
    static int report(RuntimeException failure, ClusterConnection connection, String packageName, String namespace,
            boolean hasDependencies, PrintWriter err) {
        ApiException refusal = ForbiddenReads.causeOf(failure).orElseThrow(() -> failure);
        MissingAccess missing = Blocking.result(ForbiddenReads.report(new AccessReview(connection.retryingApi()),
                connection.discovery(), connection.identity().describe(), "install " + packageName + " in namespace "
                        + namespace, namespace, packageName, hasDependencies, refusal));
        err.println("error: " + TerminalText.safe(missing.headline()));
        missing.lines().forEach(line -> err.println("  " + TerminalText.safe(line)));
        err.println("  (the requests of the plan's own steps are asked about once these are granted: "
                + "a plan cannot be made without them)");
        return ExitCode.PLAN_FAILED;
    }
}
