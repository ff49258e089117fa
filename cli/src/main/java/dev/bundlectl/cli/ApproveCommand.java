package dev.bundlectl.cli;

import dev.bundlectl.controller.approve.ApprovalRefusedException;
import dev.bundlectl.controller.approve.PlanApprover;
import dev.bundlectl.cluster.connect.ClusterConnection;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bundlectl approve}: approve the plan a BundleInstall waits with, by its digest. */
@Command(addMethodSubcommands = false,
        mixinStandardHelpOptions = true,
        name = "approve",
        sortOptions = false,
        description = "Approve the current plan of a BundleInstall whose approval is Manual. The controller then "
                + "installs exactly that plan; a later plan needs a new approval.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  kubectl get bundleinstall cachebox -n ops -o yaml     # review status.plan and status.planDigest",
            "  ${ROOT-COMMAND-NAME} approve cachebox -n ops --plan-digest sha256:…",
            "",
            "Exit codes: 0 approved, 2 refused (no such object, no plan yet, the plan changed), 1 other errors.",
        })
final class ApproveCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME", description = "The BundleInstall's name.")
    private String name;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS",
            description = "Its namespace (default: the kubeconfig context's, else 'default').")
    private String namespace;

    @Option(names = "--plan-digest", paramLabel = "DIGEST",
            description = "The digest of the plan you reviewed; refused if the current plan is another.")
    private String planDigest;

    @Mixin
    private ClusterOptions cluster;

    @Override
    public Integer call() {
        if (planDigest != null && !planDigest.matches("sha256:[0-9a-f]{64}")) {
            throw new UserInputException("--plan-digest " + planDigest + ": expected sha256: and 64 hex digits");
        }
        PrintWriter out = spec.commandLine().getOut();
        try (ClusterConnection connection = cluster.open()) {
            String ns = TargetNamespace.of(namespace, connection);
            String approved;
            try {
                approved = new PlanApprover(connection.client()).approve(ns, name, planDigest);
            } catch (ApprovalRefusedException e) {
                throw new UserInputException(e.getMessage());
            }
            out.println("approved plan " + approved + " of BundleInstall " + ns + "/" + name);
            return ExitCode.OK;
        }
    }
}
