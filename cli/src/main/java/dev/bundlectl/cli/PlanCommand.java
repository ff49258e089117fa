package dev.bundlectl.cli;

import dev.bundlectl.executor.connect.ClusterConnection;
import dev.bundlectl.executor.discovery.DiscoveryRetries;
import dev.bundlectl.executor.planning.ClusterPlanning;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.output.InstallPlanCodec;
import dev.bundlectl.plan.output.SecretRedaction;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bundlectl plan}: the offline dry-run. */
@Command(
        mixinStandardHelpOptions = true,
        name = "plan",
        sortOptions = false,
        description = "Print the InstallPlan an install would carry out, without touching a cluster: every step in order, which steps are optional, and which would end NotCreated and why. DIR is a bundle, or a directory of release-payload manifests (CVO style, planned in run-level order). With --kubeconfig or --context the plan is made against that cluster, read only: what it serves, its ClusterVersion capabilities (when no capability option is given), objects that already exist, and earlier installs.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  bundlectl plan samples/bundles/cachebox-operator",
            "  bundlectl plan samples/bundles/cachebox-operator -n cachebox -o yaml",
            "  bundlectl plan DIR --api-surface samples/api-surfaces/kind-with-prometheus.txt",
            "  bundlectl plan samples/bundles/dashboard-operator --disable-capability Console",
            "  bundlectl plan PAYLOAD_DIR --capabilities-file samples/capabilities/hypershift-no-image-registry.yaml",
            "  bundlectl plan PAYLOAD_DIR --profile self-managed-high-availability --show-excluded",
            "  bundlectl plan PAYLOAD_DIR -n demo --kubeconfig ~/.kube/config   # against a live cluster",
            "",
            "Exit codes: 0 installable, 3 predicted to fail, 2 invalid input, 1 other errors (e.g. unreachable cluster).",
        })
final class PlanCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private PlanInputOptions input;

    @Mixin
    private ClusterOptions cluster;

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "table",
            description = "table, yaml or json (default: ${DEFAULT-VALUE}). yaml and json print one InstallPlan document.")
    private OutputFormat output;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (input.directory == null) {
            throw new UserInputException("plan needs DIR: a bundle or release-payload directory");
        }
        if (output == OutputFormat.JSONL) {
            throw new UserInputException("-o jsonl is for install progress; plan prints table, yaml or json");
        }
        PlannedInput planned = plan(new DiagnosticsPrinter(err), err);
        PlanResult result = planned.result();
        print(SecretRedaction.redact(result.plan()), out);
        if (input.payload.showExcluded) {
            PrintWriter target = output == OutputFormat.TABLE ? out : err;
            ExcludedTable.print(planned.filteredOut(), target);
        }
        return result.verdict().installable() ? ExitCode.OK : ExitCode.PLAN_FAILED;
    }

    /** Offline by default; against the cluster when one is named. */
    private PlannedInput plan(DiagnosticsPrinter diagnostics, PrintWriter err) {
        if (!cluster.given()) {
            return new Planning(diagnostics).plan(input, TargetNamespace.offline(input.namespace),
                    () -> ApiSurfaceOptions.resolve(input.apiSurfaces, null));
        }
        try (ClusterConnection connection = cluster.open()) {
            Planning.Live live = new Planning.Live(new ClusterPlanning(connection), err,
                    DiscoveryRetries.DEFAULT_PATIENCE);
            return new Planning(diagnostics, live).plan(input, TargetNamespace.of(input.namespace, connection),
                    () -> ApiSurfaceOptions.resolve(input.apiSurfaces, null));
        }
    }

    private void print(InstallPlan plan, PrintWriter out) {
        switch (output) {
            case YAML -> out.print(InstallPlanCodec.toYaml(plan));
            case JSON -> out.print(InstallPlanCodec.toJson(plan));
            default -> PlanTable.print(plan, out);
        }
        out.flush();
    }
}
